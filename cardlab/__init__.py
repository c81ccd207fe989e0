"""cardlab: rules engines, analysis and teaching tools for the Sixty-six / Mariage family.

The core import is light (standard library only). Rendering (:mod:`cardlab.render`) needs
nothing more; widgets (:mod:`cardlab.widgets`) import ipywidgets and tables import pandas only
when used.
"""

from .actions import Action
from .cards import JOKER, PACK_24, Card, Rank, Suit, format_cards, parse_card, parse_cards
from .errors import CardlabError, IllegalActionError, NotationError, RecordError, RulesError
from .tricks import TrickRules, legal_plays, trick_winner

__version__ = "0.1.0"

__all__ = [
    "Action", "Card", "Rank", "Suit", "JOKER", "PACK_24", "parse_card", "parse_cards", "format_cards",
    "CardlabError", "IllegalActionError", "NotationError", "RecordError", "RulesError",
    "TrickRules", "legal_plays", "trick_winner",
]
