"""Hand analysis: an exact (double-dummy) solver, sampling of the cards one seat cannot see,
computer players that sample and search, and tournaments.

* :mod:`.solver`: the trick-play solver on card bitmasks, driven by a :class:`PlaySpec` (data);
* :mod:`.adapters`: one small adapter per variant builds that spec from a state (registered by
  variant name), reads a result's value, and rebuilds full states from one seat's view;
* :mod:`.exact`: :func:`solve`, :func:`action_values`, :func:`best_line`, :func:`value_table`,
  :func:`brute_force` on real states;
* :mod:`.sampling`: :class:`Knowledge`, the uniform :class:`DealSampler`, :func:`estimate` with
  Wilson intervals;
* :mod:`.questions`: ready questions (:func:`close_succeeds`, :func:`close_chance` in Sixty-six;
  :func:`bid_chance_501`; :func:`bid_cards_chance_99`);
* :mod:`.search_player`: :class:`SamplingPlayer` (samples worlds and searches each);
* :mod:`.tournament`: :func:`tournament` of seeded deals between any players, as a DataFrame.

Errors: :class:`NotSolvable` for a position or variant the analysis cannot take (not card
play, no adapter), :class:`~cardlab.errors.AnalysisArgumentError` for an argument it cannot take
(a count that is not a positive whole number, a seat not at the table, no views, views of
different deals); both are subclasses of :class:`~cardlab.errors.CardlabError`, hence of ``ValueError``.

Only the standard library is imported here; pandas when a table is asked for.
"""

from ..errors import AnalysisArgumentError
from .adapters import NotSolvable
from .exact import action_values, best_line, brute_force, solve, value_table
from .sampling import DealSampler, Estimate, Knowledge, estimate, knowledge, wilson
from .questions import bid_cards_chance_99, bid_chance_501, chance, close_chance, close_succeeds
from .solver import PlaySpec, Solver

__all__ = [
    "NotSolvable", "AnalysisArgumentError", "PlaySpec", "Solver", "solve", "action_values", "best_line", "brute_force", "value_table",
    "Knowledge", "DealSampler", "Estimate", "estimate", "knowledge", "wilson",
    "close_succeeds", "close_chance", "chance", "bid_chance_501", "bid_cards_chance_99",
]
