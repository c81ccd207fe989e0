"""A one-line text notation for a position, as FEN is for chess (issue 13).

A position is written as the deal it came from plus the actions since, which every variant's
``deal(rules, dealer, pack=...)`` and ``apply`` replay exactly (no engine change needed)::

    66 santase | dealer 0 | names A,B | pack J♥ 10♣ … (every card, top first) | actions J♥; marriage ♥; K♥

Fields, separated by ``" | "``: the variant code and rule preset (codes as in set codes: ``66``,
``501``, ``99``, ``m3``, ``m4``), the dealer's seat (in Ninety-Nine's revised rules followed by ``after N successes``, the
previous hand's successes that fix trumps), the players' names (comma-separated; their
number is the table size), the pack as dealt from the top (this fixes hands, stock or prikup and
the turn-up that names trumps) and, optionally, the actions so far separated by ``"; "``.
:func:`position_text` prints the one canonical form; :func:`parse_position` reads it back.
Errors are :class:`PositionError` (a :class:`~cardlab.errors.NotationError`) with the character
position and the field at fault; an action the rules refuse carries the rule's words.
"""

from __future__ import annotations

from .. import variants
from ..cards import parse_card
from ..errors import CardlabError, IllegalActionError, NotationError
from .exercises import VARIANT_CODES, _CODE_OF

__all__ = ["PositionError", "position_text", "parse_position"]

_FIELDS = ("variant", "dealer", "names", "pack", "actions")


class PositionError(NotationError):
    """Position text that cannot be read.

    Attributes
    ----------
    position : int
        0-based character position where the problem starts.
    field : str
        ``"variant"``, ``"dealer"``, ``"names"``, ``"pack"``, ``"actions"`` or ``"text"``.
    rule : str or None
        The rule id, when an action is refused by the rules.
    """

    def __init__(self, message: str, position: int, field: str, rule: str | None = None):
        self.position = position
        self.field = field
        self.rule = rule
        super().__init__(f"{message} (at character {position + 1}, the {field})")


def _preset_name(state) -> str:
    v = variants.get(state.variant)
    for name, rules in v.presets.items():
        if rules == state.rules:
            return name
    raise CardlabError(f"the rule set {state.rules.name!r} is not a preset of {v.title}: the position notation "
                       f"names presets only ({', '.join(v.presets)})")


def position_text(state) -> str:
    """The canonical one-line notation of ``state`` (any variant's state). Raises
    :class:`~cardlab.errors.CardlabError` when its rule set is not one of the variant's presets."""
    head = f"{_CODE_OF[state.variant]} {_preset_name(state)}"
    prev = getattr(state, "previous_successes", None)
    dealer = f"dealer {state.dealer}" + (f" after {prev} successes" if prev is not None else "")
    parts = [head, dealer, "names " + ",".join(map(str, state.names)),
             "pack " + " ".join(map(str, state.pack))]
    acts = [str(a) for a in state.actions()]
    if acts:
        parts.append("actions " + "; ".join(acts))
    return " | ".join(parts)


def parse_position(text: str):
    """The state written in ``text`` (see the module docstring). Raises :class:`PositionError`
    with the place and field of the first problem."""
    if not isinstance(text, str):
        raise PositionError(f"a position must be text, not {type(text).__name__}", 0, "text")
    pieces, starts, pos = text.split("|"), [], 0
    for p in pieces:
        starts.append(pos + len(p) - len(p.lstrip()))
        pos += len(p) + 1
    pieces = [p.strip() for p in pieces]
    if not 4 <= len(pieces) <= 5:
        raise PositionError(f"a position has 4 or 5 fields separated by '|' (variant and preset, dealer, names, "
                            f"pack, optionally actions), not {len(pieces)}", 0, "text")
    head = pieces[0].split()
    if len(head) != 2 or head[0].lower() not in VARIANT_CODES:
        raise PositionError(f"the first field is a variant code ({', '.join(VARIANT_CODES)}) and a preset, "
                            f"not {pieces[0]!r}", starts[0], "variant")
    v = variants.get(VARIANT_CODES[head[0].lower()])
    if head[1] not in v.presets:
        raise PositionError(f"{head[1]!r} is not a preset of {v.title}; use one of {', '.join(v.presets)}",
                            starts[0] + len(head[0]) + 1, "variant")
    rules = v.presets[head[1]]
    for i, word in ((1, "dealer"), (2, "names"), (3, "pack")) + (((4, "actions"),) if len(pieces) == 5 else ()):
        if not pieces[i].startswith(word + " "):
            raise PositionError(f"field {i + 1} must start with '{word} '", starts[i], _FIELDS[i])
    names = tuple(n.strip() for n in pieces[2][len("names "):].split(","))
    if not v.accepts(len(names)) or not all(names):
        raise PositionError(f"{v.title} is played by {' or '.join(map(str, v.player_counts or (v.players,)))} "
                            f"named players, not {pieces[2][6:]!r}", starts[2] + 6, "names")
    dealer_text = pieces[1][len("dealer "):].strip()
    extra = {}
    if " after " in dealer_text:
        dealer_text, _, rest = dealer_text.partition(" after ")
        words = rest.split()
        if len(words) != 2 or words[1] != "successes" or not words[0].isdigit() or v.name != "ninety-nine":
            raise PositionError(f"'after N successes' (Ninety-Nine's revised rules: how many made their bid in the "
                                f"previous hand) is the only addition to the dealer, not {rest!r}",
                                starts[1] + len("dealer ") + len(dealer_text), "dealer")
        extra["previous_successes"] = int(words[0])
    if not dealer_text.isdigit() or int(dealer_text) >= len(names):
        raise PositionError(f"the dealer is a seat from 0 to {len(names) - 1}, not {dealer_text!r}",
                            starts[1] + 7, "dealer")
    pack, offset = [], starts[3] + len("pack ")
    for word in pieces[3][len("pack "):].split(" "):
        if word:
            try:
                pack.append(parse_card(word))
            except NotationError as e:
                raise PositionError(str(e), offset, "pack") from None
        offset += len(word) + 1
    try:
        state = v.deal(rules, int(dealer_text), pack=pack, names=names, **extra)
    except CardlabError as e:
        raise PositionError(f"the pack cannot be dealt: {e}", starts[3], "pack") from None
    except TypeError:  # a deal without names= (fixed table)
        raise PositionError(f"{v.title} takes no names here", starts[2], "names") from None
    if len(pieces) == 5:
        offset = starts[4] + len("actions ")
        for i, word in enumerate(pieces[4][len("actions "):].split(";")):
            lead = len(word) - len(word.lstrip())
            try:
                state = state.apply(word.strip())
            except IllegalActionError as e:
                raise PositionError(f"action {i + 1} {word.strip()!r}: {e.reason}", offset + lead, "actions",
                                    e.rule) from None
            except CardlabError as e:
                raise PositionError(f"action {i + 1} {word.strip()!r}: {e}", offset + lead, "actions") from None
            offset += len(word) + 1
    return state
