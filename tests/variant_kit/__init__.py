"""A test-only variant, "Sixty-six without a stock" (``kit-66``): a small but real trick-taking game
of the Sixty-six / Mariage family, built to prove that a new variant is its own files plus one
registration, and picked up by every registry-driven test.

Its files are those of any variant (README, "Adding a variant"), under this package instead of
``cardlab/``:

* :mod:`variant_kit.kit66`: the rules (``RULES``, ``PRESETS``, ``SEAT_NAMES``, ``deal``, the
  state on the template ``apply`` with its hooks, ``trick_by_seat``, the seat view, the result,
  ``describe_action``, and for the classroom ``EXERCISE_KINDS``, ``SCORE_REASONS``, ``places``,
  ``deal_from_places`` and ``STANDING``);
* :mod:`variant_kit.kit66_game`: its score keeper;
* :mod:`variant_kit.render.kit66`: ``state_html`` and ``state_text``;
* :mod:`variant_kit.players.kit66`: its rule-based player;
* :mod:`variant_kit.analysis.adapt_kit66`: its solver adapter;

and the one registration, :func:`declaration` below, named by the environment variable
``CARDLAB_EXTRA_VARIANTS="variant_kit:declaration"`` (:func:`cardlab.variants.register_extra`),
which tests/conftest.py sets for the test run only. It is not a line of
``cardlab.variants.BUILTIN`` because the package lives outside ``cardlab``.
"""

from __future__ import annotations

__all__ = ["declaration", "NAME"]

#: The variant's registered name.
NAME = "kit-66"


def declaration():
    """The :class:`cardlab.variants.Variant` of the test variant (what the registry registers)."""
    from cardlab import variants

    from . import kit66 as m
    from .kit66_game import Kit66Game

    return variants.Variant(
        name=m.VARIANT, title="Sixty-six without a stock (test variant)", players=2, module=m.__name__,
        rules_from_dict=m.Kit66Rules.from_dict, check_pack=m.check_pack, deal=m.deal, new_game=Kit66Game,
        presets=m.PRESETS, describe_action=m.describe_action, seat_names=m.SEAT_NAMES,
        renderer=f"{__name__}.render.kit66",
        player_kinds={"random": "cardlab.players:RandomPlayer", "heuristic": f"{__name__}.players.kit66:Kit66Player",
                      "search": "cardlab.analysis.search_player:SamplingPlayer"},
        adapter=f"{__name__}.analysis.adapt_kit66", code="kit", exercise_kinds=m.EXERCISE_KINDS,
        score_reasons=m.SCORE_REASONS, places=m.places, deal_from_places=m.deal_from_places, standing=m.STANDING)
