"""Exercise kinds, exercises made by generator version, and reproducible exercise sets.

Every exercise is built from a real position: a hand dealt by the variant's ``deal`` from a
seed and played on, by a generator *version* (:data:`VERSIONS`): version 1 plays at random
(seeded) by legal actions (:mod:`~cardlab.classroom.generate_v1`, frozen: codes without a
version give its exercises for ever); version 2, the current, plays with the rule-based players
and chooses positions by difficulty level, "easy" or "harder" (:data:`LEVELS`; the criterion of
each level per kind is in :mod:`~cardlab.classroom.generate_v2`). A set code names the version
and level (:class:`SetCode`: ``66-santase-legal,trick-h2-1234``). The expected answer is read from the
engine (``legal_actions()``, the trick the engine completed, ``points(seat)``, the bids it
recorded, the hand's ``result``); a check never computes the rules a second time. Explanations
quote the engine's own refusal (:class:`~cardlab.errors.IllegalActionError` with ``.rule``) or
its result text, with rule ids from the variant module's ``RULES`` table (the exercise, its
answer forms, checks and words: :mod:`~cardlab.classroom.verdicts`). A verdict's explanation
never carries a mark (the widget shows right or wrong); a wrong answer's begins "The answer is
…", numbers with their unit ("1 game point", "3 tricks"); each refused card a student chose is
named once with the engine's reason, and the rule cited is the one that applies (the lead rule
for a player on lead, the follow-suit rules once a stock is closed or gone).

Kinds (in lesson order; each variant declares those it has, ``Variant.exercise_kinds``, listed by
:func:`kinds_for`):

=========== =================================================== ============ =========================
kind        question                                            answer       variants
=========== =================================================== ============ =========================
``legal``   which cards may X play here?                        set of cards all
``trick``   X plays C: who wins this trick?                     a seat       all
``points``  how many points (cards and marriages) has X now?    points       all but ninety-nine
``marriage``may X declare the marriage in S now?                yes / no     all but ninety-nine
``bid``     what bid do these three bid cards make?             tricks       ninety-nine
``score``   how many game points does this hand score, and why? game points  sixty-six, mariage-3
``scores``  what is each score after this hand?                  one per seat russian-501, ninety-nine
``redeal``  X claims a redeal for R: does the claim hold?       yes / no     mariage-4
``eight``   how many pips does this pair uncover on the eight?  pips         mariage-4
=========== =================================================== ============ =========================

Answers in the wrong form raise :class:`~cardlab.classroom.verdicts.AnswerError` (a :class:`~cardlab.errors.CardlabError`)
saying what was expected; card text that is not a card raises
:class:`~cardlab.errors.NotationError`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from .. import variants
from ..errors import NotationError
from .verdicts import AnswerError, Exercise, Verdict

__all__ = ["KINDS", "VARIANT_CODES", "CODE_OF", "SCORE_REASONS", "ANSWER_FORMS", "LEVELS", "VERSIONS", "CURRENT",
           "CodeError", "SetCode", "ExerciseSet", "classroom_variants", "code_of", "variant_of_code", "kinds_for",
           "make_exercise", "parse_code"]


class CodeError(NotationError):
    """A set code that cannot be read.

    Attributes
    ----------
    position : int
        0-based character position in the code where the problem starts.
    part : str
        Which part is wrong: ``"variant"``, ``"preset"``, ``"kinds"``, ``"level"``, ``"version"``,
        ``"seed"`` or ``"code"``.
    """

    def __init__(self, message: str, position: int, part: str):
        self.position = position
        self.part = part
        super().__init__(f"{message} (at character {position + 1}, the {part})")


#: The form of answer each kind takes.
ANSWER_FORMS: dict[str, str] = {"legal": "cards", "trick": "seat", "points": "number", "marriage": "yesno",
                                "bid": "number", "score": "score", "scores": "numbers", "redeal": "yesno",
                                "eight": "number"}

# -- what each variant declares -------------------------------------------------------------------
# The classroom reads every per-variant fact from the registry (``cardlab.variants``): the short
# code of a set code (``Variant.code``), the exercise kinds (``Variant.exercise_kinds``) and the
# words of the game-points question's reasons (``Variant.score_reasons``). The tables below
# (``VARIANT_CODES``, ``CODE_OF``, ``KINDS``, ``SCORE_REASONS``) are views of it, computed when asked.
def classroom_variants() -> list:
    """The registered variants that have a set code (their :class:`~cardlab.variants.Variant`
    declarations, a list), in the registry's declared order: the games of the classroom."""
    return [v for v in map(variants.get, variants.names(declared=True)) if v.code]


def code_of(variant: str) -> str:
    """The short code of ``variant`` (a registry name) in set codes and position text. Raises
    ``KeyError`` for an unknown variant or one without a code."""
    code = variants.get(variant).code
    if not code:
        raise KeyError(f"{variant!r} declares no classroom code (Variant.code)")
    return code


def variant_of_code(code: str) -> str | None:
    """The registry name of the variant whose short code is ``code`` (``None`` if none is)."""
    return next((v.name for v in classroom_variants() if v.code == code), None)


def _views(name: str):
    if name == "VARIANT_CODES":      # short code -> registry name
        return {v.code: v.name for v in classroom_variants()}
    if name == "CODE_OF":            # registry name -> short code
        return {v.name: v.code for v in classroom_variants()}
    if name == "KINDS":              # kind -> the variants that have it, in lesson order of kinds
        every = classroom_variants()
        return {k: tuple(v.name for v in every if k in v.exercise_kinds) for k in ANSWER_FORMS}
    if name == "SCORE_REASONS":      # registry name -> reason -> words
        return {v.name: dict(v.score_reasons) for v in classroom_variants() if v.score_reasons}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __getattr__(name: str):
    """``VARIANT_CODES`` (short code -> variant), ``CODE_OF`` (variant -> short code), ``KINDS``
    (kind -> variants, in lesson order) and ``SCORE_REASONS`` (variant -> reason -> words): views of
    the registry, computed on each use."""
    return _views(name)


def kinds_for(variant: str) -> tuple[str, ...]:
    """The exercise kinds ``variant`` (a registry name) has (its ``Variant.exercise_kinds``), in
    lesson order (that of :data:`ANSWER_FORMS`). Raises ``KeyError`` (from the registry) for an
    unknown variant."""
    declared = variants.get(variant).exercise_kinds
    return tuple(k for k in ANSWER_FORMS if k in declared)


# -- generation ---------------------------------------------------------------------------------------
#: Difficulty levels a set can ask for, easiest first (criteria per kind: :mod:`cardlab.classroom.generate_v2`).
LEVELS: tuple[str, ...] = ("easy", "harder")

#: Generator versions: 1, the first generator (random play, no levels; codes without a version),
#: frozen in :mod:`cardlab.classroom.generate_v1`; 2, hands played by the rule-based players and
#: positions chosen by level (:mod:`cardlab.classroom.generate_v2`).
VERSIONS: tuple[int, ...] = (1, 2)

#: The version new sets and :func:`make_exercise` use unless told otherwise.
CURRENT: int = 2

#: The letter of each level in a set code (``e2``: easy, version 2).
_LEVEL_LETTER = {"easy": "e", "harder": "h"}
_LEVEL_OF = {"e": "easy", "easy": "easy", "h": "harder", "harder": "harder", "hard": "harder"}


def _check_level_version(level: Any, version: Any, position: int = 0) -> None:
    """Raise :class:`CodeError` unless ``level`` is one of :data:`LEVELS` and ``version`` one of
    :data:`VERSIONS` (version 1 has the easy level only)."""
    if isinstance(version, bool) or version not in VERSIONS:
        raise CodeError(f"there is no exercise generator version {version!r}; the versions are "
                        f"{', '.join(map(str, VERSIONS))}", position, "version")
    if level not in LEVELS:
        raise CodeError(f"{level!r} is not a level; the levels are {', '.join(LEVELS)}", position, "level")
    if version == 1 and level != "easy":
        raise CodeError("version 1 exercises have no levels: a version 1 set is 'easy'", position, "level")


def make_exercise(variant: str, kind: str, seed: int, preset: str | None = None, *, level: str = "easy",
                  version: int = CURRENT) -> Exercise:
    """One exercise of ``kind`` for ``variant`` (registry name) under rule preset ``preset``
    (default: the variant's first), at ``level`` (one of :data:`LEVELS`), made by generator
    ``version`` (one of :data:`VERSIONS`, default :data:`CURRENT`); the same for the same
    arguments, in every later release. Raises ``KeyError`` for an unknown variant or preset and
    :class:`CodeError` for a kind the variant does not have, an unknown level or version (or a
    level other than easy in version 1)."""
    v = variants.get(variant)
    if kind not in kinds_for(variant):
        raise CodeError(f"{v.title} has no exercise {kind!r}; it has {', '.join(kinds_for(variant))}", 0, "kinds")
    _check_level_version(level, version)
    if version == 1:
        from .generate_v1 import make
        return make(variant, kind, seed, preset)
    from .generate_v2 import make
    return make(variant, kind, seed, preset, level)


# -- set codes ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetCode:
    """A reproducible set of exercises, written as a code a teacher puts on the board.

    The canonical form (``str(code)``), parts separated by ``-``:

    * version 2 on (the current): ``<variant>-<preset>-<kinds>-<level><version>-<seed>``, e.g.
      ``66-santase-legal,trick-h2-1234``: Sixty-six, the Santase rules, the kinds "legal" and
      "trick", the harder level (``e`` easy, ``h`` harder) of generator version 2, seed 1234
      ("sixty-six santase legal trick, h two, twelve thirty-four");
    * version 1 (the first generator, which has no levels): ``<variant>-<preset>-<kinds>-<seed>``,
      e.g. ``66-santase-legal,trick-1234``: every code written before versions existed keeps
      giving the same exercises.

    Variant codes: :data:`VARIANT_CODES`; presets: the variant's ``presets``; kinds: :data:`KINDS`
    (in lesson order); the seed has 1 to 9 digits. :func:`parse_code` reads a code however it is
    typed (spaces anywhere, capitals, a dash typed as – or —).

    Raises :class:`CodeError` for an unknown level or version, or a level other than easy in
    version 1.
    """

    variant: str
    preset: str
    kinds: tuple
    seed: int
    level: str = "easy"
    version: int = CURRENT

    def __post_init__(self):
        _check_level_version(self.level, self.version)

    def __str__(self) -> str:
        head = f"{code_of(self.variant)}-{self.preset}-{','.join(self.kinds)}"
        if self.version == 1:
            return f"{head}-{self.seed}"
        return f"{head}-{_LEVEL_LETTER[self.level]}{self.version}-{self.seed}"


_DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-"})


def parse_code(code: str) -> SetCode:
    """Read a set code (the forms are in :class:`SetCode`), however it is typed: spaces anywhere
    (``"66-Santase-legal, trick-1234"``), capitals, a dash typed as – or —. Raises
    :class:`CodeError` (``.position``: the 0-based character of the code as typed; ``.part``:
    ``"variant"``, ``"preset"``, ``"kinds"``, ``"level"``, ``"version"``, ``"seed"`` or
    ``"code"``) naming the part at fault."""
    if not isinstance(code, str):
        raise CodeError(f"a set code must be text such as '66-santase-legal,trick-e2-1234', not "
                        f"{type(code).__name__}", 0, "code")
    where = [i for i, ch in enumerate(code) if not ch.isspace()]     # typed place of each kept character
    text = "".join(code[i] for i in where).translate(_DASHES).lower()

    def at(i: int) -> int:
        return where[i] if i < len(where) else len(code)

    parts = text.split("-")
    if len(parts) not in (4, 5):
        raise CodeError(f"a set code has five parts separated by '-' (variant-preset-kinds-level and version-seed, "
                        f"such as 66-santase-legal,trick-e2-1234) or, written before versions, four "
                        f"(variant-preset-kinds-seed); {code.strip()!r} has {len(parts)}", 0, "code")
    starts, pos = [], 0
    for p in parts:
        starts.append(pos)
        pos += len(p) + 1
    vcode, preset, kinds_text, seed_text = parts[0], parts[1], parts[2], parts[-1]
    variant = variant_of_code(vcode)
    if variant is None:
        raise CodeError(f"{vcode!r} is not a variant code; use one of "
                        f"{', '.join(v.code for v in classroom_variants())}", at(starts[0]),
                        "variant")
    v = variants.get(variant)
    if preset not in v.presets:
        raise CodeError(f"{preset!r} is not a rule preset of {v.title}; use one of {', '.join(v.presets)}",
                        at(starts[1]), "preset")
    kinds = tuple(kinds_text.split(","))
    offset = starts[2]
    for k in kinds:
        if k not in kinds_for(variant):
            raise CodeError(f"{k!r} is not an exercise of {v.title}; use {', '.join(kinds_for(variant))}",
                            at(offset), "kinds")
        offset += len(k) + 1
    if len(set(kinds)) != len(kinds):
        raise CodeError("an exercise kind is named twice", at(starts[2]), "kinds")
    level, version = "easy", 1
    if len(parts) == 5:
        m = re.fullmatch(r"([a-z]+)(\d{1,3})", parts[3])
        if m is None or m.group(1) not in _LEVEL_OF:
            raise CodeError(f"the fourth part is the level and the generator version, such as 'e2' (easy, version 2) "
                            f"or 'h2' (harder, version 2), not {parts[3]!r}", at(starts[3]), "level")
        level, version = _LEVEL_OF[m.group(1)], int(m.group(2))
        _check_level_version(level, version, at(starts[3] + len(m.group(1))) if version not in VERSIONS
                             else at(starts[3]))
    if not seed_text.isdigit() or len(seed_text) > 9:
        raise CodeError(f"the seed must be a number of 1 to 9 digits, not {seed_text!r}", at(starts[-1]), "seed")
    order = kinds_for(variant)
    return SetCode(variant, preset, tuple(sorted(kinds, key=order.index)), int(seed_text), level, version)


class ExerciseSet:
    """A sequence of exercises with a score.

    ``ExerciseSet("66-santase-legal,trick-h2-1234", count=10)`` gives every student the same ten
    exercises (a :class:`SetCode` is taken as it is); ``ExerciseSet(variant="sixty-six")`` (default: the first game of the registry) is
    random practice at ``level`` with the current generator (a new seed, shown in :attr:`code` so
    it can be shared). Exercises follow the lesson order of :data:`KINDS`. Raises
    :class:`CodeError` for a bad code or level, ``KeyError`` for an unknown variant.
    """

    def __init__(self, code: str | SetCode | None = None, *, variant: str | None = None, count: int = 10,
                 level: str = "easy"):
        if code is None:
            seed = random.SystemRandom().randrange(10 ** 6)
            variant = variant if variant is not None else classroom_variants()[0].name
            v = variants.get(variant)
            self.code = SetCode(variant, next(iter(v.presets)), kinds_for(variant), seed, level)
        elif isinstance(code, SetCode):
            self.code = code
        else:
            self.code = parse_code(code)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise AnswerError(f"count must be a whole number of at least 1, not {count!r}", "a whole number")
        self.count = count
        self.index = 0
        self.right = 0
        self.answered = 0
        self._done: set = set()
        self._cache: dict = {}

    def exercise(self, i: int) -> Exercise:
        """The ``i``-th exercise (0-based), the same for the same code."""
        if i not in self._cache:
            c = self.code
            kind = c.kinds[i * len(c.kinds) // self.count]
            self._cache[i] = make_exercise(c.variant, kind, c.seed * 1000 + i, c.preset, level=c.level,
                                           version=c.version)
        return self._cache[i]

    @property
    def current(self) -> Exercise:
        """The exercise being answered."""
        return self.exercise(self.index)

    def answer(self, answer: Any) -> Verdict:
        """Check ``answer`` to the current exercise; the first answer to each exercise counts in
        the score. Raises what :meth:`Exercise.check` raises (the score is then unchanged)."""
        verdict = self.current.check(answer)
        if self.index not in self._done:
            self._done.add(self.index)
            self.answered += 1
            self.right += verdict.right
        return verdict

    def next(self) -> bool:
        """Go to the next exercise; False when the set is finished (then it stays on the last)."""
        if self.index + 1 < self.count:
            self.index += 1
            return True
        return False

    @property
    def score(self) -> str:
        """The score in words, e.g. ``"3 of 4 right"``."""
        return f"{self.right} of {self.answered} right"
