"""The seed texts' own words for the rules they are a source of, quoted on the printable rules
sheets (:mod:`cardlab.render.rules_sheet`).

Four published texts seeded cardlab's rules (docs/rules-notes.md §0): pagat's "501" [P501],
everything2's "Ninety-nine" [E2], favorite-games.com's Santase [FGS] and the English machine
translation of shram.kiev.ua's "Марьяж (66, Шнопс)" [SHR]. Where a rule of a ``RULES`` table
cites one of them, :data:`QUOTES` gives the passage of that text which states or bears on the
rule, word for word (the machine translation's wording and the originals' typos kept; `` … ``
joins two passages of the same text); :data:`NO_PASSAGE` says why a rule citing a seed has no
passage. tests/render/test_render_rules_sheet.py checks both against the RULES tables, and every passage
against the seed texts where they are beside the checkout.
"""

#: The seed texts, by source id (the ids of :data:`cardlab.render.rules_sheet.SOURCES`).
SEEDS: dict[str, str] = {
    "P501": "seed 000, pagat's 501 (Michael Latash)",
    "E2": "seed 001, everything2's Ninety-nine",
    "FGS": "seed 002, favorite-games.com's Santase",
    "SHR": "seed 003, shram.kiev.ua's Mariage, machine translation",
}

#: ``QUOTES[rule_id]``: the passages quoted for a rule, as (source id, text) pairs.
QUOTES: dict[str, tuple[tuple[str, str], ...]] = {
    '66.close': (
        ('FGS',
         'The only condition is the player to have his move. In this case he turns the trump card '
         'face e down and declares "Closed". From here on, the play runs as the stock has been '
         'emptied.'),
    ),
    '66.close-score': (
        ('SHR',
         'In a closed game, the winner, regardless of the number of points that the opponent has '
         'earned, always pays 3 points. If the player who closes the game does not score 66 points to '
         'the end of the game, then his opponent gets 3 points.'),
    ),
    '66.deal': (
        ('FGS',
         'The cards are dealt consecutively to the players two times by three cards, turning the next '
         'card face up to be a trump.'),
        ('SHR',
         'distributed to each player by 6 cards. The thirteenth card is opened and put under the '
         'deck. This card stands for a trump card.'),
    ),
    '66.dealer': (
        ('SHR', 'in the following games players give cards in turn.'),
    ),
    '66.draw': (
        ('FGS', 'through out the playing (until the last card is pulled out of the stock)'),
    ),
    '66.exchange': (
        ('FGS',
         'the opportunity a player who holds the lowest card in trumps - "9" to exchange it for the '
         'higher one lying turned up in the stock. This move is possible in case the above-mentioned '
         'player has won at least one trick and the stock is not closed.'),
    ),
    '66.follow': (
        ('FGS',
         'In the moment the stock is emptied though the above mentioned rules enter into force. … '
         'Both players are obliged to follow suits.'),
        ('SHR', 'If the deck is over, then the player must put a card of the same suit as the turn card'),
    ),
    '66.free-play': (
        ('FGS',
         'The players are not obliged to follow suits, to trump or to cover as long as there are '
         'cards in the stock.'),
        ('SHR', 'The next player, until the deck is over, can put any card on the laid out card.'),
    ),
    '66.game': (
        ('FGS', 'The winner of the series is the one who first collects 11 points out of the all deals.'),
        ('SHR', 'Full game is played until one of the players gets 7 or 8 points (by agreement).'),
    ),
    '66.last-trick': (
        ('FGS',
         'It is also very important for a player to take the last trick, in that case he / she wins '
         'by adding to his score another 10 points.'),
    ),
    '66.marriage.lead': (
        ('FGS',
         'If this pair is from a suit in trumps it scores 40 points, if not it brings 20 points to '
         'its owner. … Only a player who has his turn can make the bidding but after he has taken a '
         'trick.'),
    ),
    '66.marriage.stock': (
        ('SHR',
         'A player who has a marjage (king and queen of the same suit) can announce this and get '
         'extra points, and then go with the king or the lady, provided that there are cards in the '
         'deck.'),
    ),
    '66.score': (
        ('FGS',
         'The player who wins gets 1 point. If his opponent has less than 33 points or does not have '
         'a trick at all, the first one gets 2 or 3 points respectively.'),
        ('SHR',
         "If the winner's contender took more than 33 points in his bribes and marjages, then the "
         'winner for the game is awarded one point, if less, then 2 points, if not a single point, '
         'then 3 points.'),
    ),
    '66.tie': (
        ('FGS',
         'In case both players have failed to gather 66 points, the one who has taken the last trick '
         'wins the game.'),
    ),
    '66.trump': (
        ('FGS',
         'The players are not obliged to follow suits, to trump or to cover as long as there are '
         'cards in the stock. In the moment the stock is emptied though the above mentioned rules '
         'enter into force.'),
        ('SHR', 'if there is no such card, then he should put his trump card.'),
    ),
    '66.win': (
        ('FGS', 'The player who reaches 66 points wins the game.'),
        ('SHR',
         'If any of the players score 66 points or more, then he becomes the winner in this game and '
         'the game ends.'),
    ),
    '501.auction': (
        ('P501',
         "The player to dealer's left bids first. … At their turn to speak, players may either pass "
         'or bid. … The bidding continues until the last bid is followed by two passes. … If it does '
         'happen, the cards are thrown in without play and the next player shuffles and deals.'),
    ),
    '501.bid.higher': (
        ('P501', 'each subsequent bid must be higher than the last.'),
    ),
    '501.bid.max': (
        ('P501', 'making a theoretical maximum of 220 points if all four marriages were declared.'),
    ),
    '501.bid.min': (
        ('P501', 'The lowest bid allowed is 66'),
    ),
    '501.blind': (
        ('P501',
         "A player may choose to bid 'blindly'. The blind bidder's cards remain face down on the "
         "table. If the auction is won by a player who was bidding blind, the bidder's score "
         '(positive or negative) is doubled for that hand. A player who begins by bidding blind may '
         'look at his or her cards at any stage to decide whether to continue, but in this case the '
         "player's score is no longer doubled."),
    ),
    '501.concede': (
        ('P501',
         'the bidder may decide instead on a distribution of points. In this case the cards are not '
         'played. The bidder is penalised the amount of the bid, and the other two players score as '
         'though they had taken 25 points each in tricks.'),
    ),
    '501.contract': (
        ('P501',
         'sets the final contract by choosing a trump suit or "no trump" and the minimum number of '
         'points that he will try to take, which must be greater than or equal to the final bid.'),
    ),
    '501.deal': (
        ('P501',
         'the dealer deals the cards one at a time. In the first three rounds of the deal, a card is '
         'set aside face down, and these three face-down cards form a talon - known in Russian as the '
         "'prikup' (прикуп) - which will belong to the winner of the bidding. At the end of the deal, "
         'each player has a hand of seven cards.'),
    ),
    '501.dealer': (
        ('P501',
         'The turn to deal passes to the left after each hand. … the cards are thrown in without play '
         'and the next player shuffles and deals.'),
    ),
    '501.follow': (
        ('P501', 'Players must follow suit if they can.'),
    ),
    '501.game': (
        ('P501',
         "All players begin with a score of 501 and a running total of each player's score is kept. "
         'The object is to reduce your score to zero points or less, winning the game.'),
    ),
    '501.give': (
        ('P501',
         'Having announced the contract, the bidder passes one card face down to each opponent, so '
         'that everyone has a hand of 8 cards.'),
    ),
    '501.lead': (
        ('P501',
         "Irrespective of who won the bidding, it is always the player to dealer's left who leads to "
         'the first trick. … The winner of the trick leads to the next.'),
    ),
    '501.look': (
        ('P501',
         'A player who begins by bidding blind may look at his or her cards at any stage to decide '
         'whether to continue'),
    ),
    '501.marriage': (
        ('P501',
         'When leading to a trick, a player who holds the king and queen of a suit may declare them '
         'as a marriage for 40 points if they are trumps or 20 points otherwise. … If the bidder '
         'chose "no trump", all marriages are worth 20'),
    ),
    '501.marriage.led': (
        ('P501', 'The player simply says "40" or "20" while leading the king or queen from the marriage.'),
    ),
    '501.marriage.trick': (
        ('P501',
         'It is not necessary for the king or queen to win the trick for the 40 or 20 to be scored, '
         'but it is necessary for the player to win at least one trick during the hand.'),
    ),
    '501.players': (
        ('P501',
         'There are three active players, but it is possible for four to play, in which case each '
         'player in turn deals cards to the other three players only and takes no further part in the '
         'hand.'),
    ),
    '501.prikup': (
        ('P501',
         'The three talon cards are turned face up on the table for all to see and then added to the '
         'hand of the winner of the bidding. This player, who now has 10 cards'),
    ),
    '501.protect': (
        ('P501',
         'an opponent of the bidder whose score is 100 or less cannot subtract any points for tricks '
         'won or if the bidder gives up. When your score is 100 or less the only way to win or to '
         'reduce your score is by means of a successful bid.'),
    ),
    '501.score': (
        ('P501',
         'If the high bidder took at least as many points as the contract, the amount of the contract '
         "is subtracted from the bidder's current score. If not, the amount of the contract is added "
         "to the player's score. Irrespective of whether the bidder succeeds or fails, the other two "
         'players each subtract the points they took in tricks from their scores.'),
    ),
    '501.score.blind': (
        ('P501',
         'If the last bid before the talon was exposed was a blind bid, the amount added to or '
         "subtracted from the bidder's score is twice the amount of the final contract (including any "
         'increase after seeing the talon).'),
    ),
    '501.trump': (
        ('P501',
         'A player who cannot follow suit must play a trump (even if the trump is not large enough to '
         'win the trick). A player who has no card of the suit led and no trumps may play any card.'),
    ),
    '501.turn': (
        ('P501', 'At their turn to speak, players may either pass or bid. … takes no further part in the hand.'),
    ),
    '99.bid': (
        ('E2',
         'each player discards three cards that represent their bid. … The rank of the bid-cards is '
         'irrelevant, only suit has meaning.'),
    ),
    '99.deal': (
        ('E2', 'Deal the cards out in batches of 3. Turn up the last card to establish the trump suit.'),
    ),
    '99.follow': (
        ('E2', 'Players must follow suit if able, or else may trump or discard.'),
    ),
    '99.game': (
        ('E2', 'The game ends when someone reaches 99 or more points.'),
    ),
    '99.hold': (
        ('E2', 'Note also that nine unknown cards (the bid-cards) are missing from play'),
    ),
    '99.joker': (
        ('E2', 'Otherwise, the joker is treated exactly as if it were the turned-up card.'),
    ),
    '99.pack': (
        ('E2',
         'Standard 52-card deck with all cards below 6 removed, plus one joker. If no joker is '
         'available, use the 2 of Clubs instead.'),
    ),
    '99.score': (
        ('E2',
         'those who made their bids (took exactly the same number of tricks as they bid) turn their '
         'bid-cards face up and announce the fact. … Each player scores the number of tricks he won, '
         'plus:\n30 points if he was the only one successful\n20 points if 2 players were successful\n10 '
         'points if all 3 were successful'),
    ),
    '99.trick': (
        ('E2',
         'After all players have bid, left of dealer leads to the first trick. … Each trick is won by '
         'the highest card of the suit led or the highest trump if any are played. … The winner of a '
         'trick leads to the next.'),
    ),
    '99.trump.turnup': (
        ('E2',
         'Turn up the last card to establish the trump suit. If the turn-up is the joker, the hand is '
         'played at no trump.'),
    ),
    'm3.cards-out': (
        ('SHR',
         'If no one has accumulated 66 points for the entire con, then one point is given to the pair '
         'that took the last bribe.'),
    ),
    'm3.deal': (
        ('SHR', 'Each player is dealt 8 cards.'),
    ),
    'm3.dealer': (
        ('SHR', 'in the following games players give cards in turn.'),
    ),
    'm3.follow': (
        ('SHR', 'Since the game goes without a deck, it is necessary to respond to the suit'),
    ),
    'm3.game': (
        ('SHR', 'Full game is played until one of the players gets 7 or 8 points (by agreement).'),
    ),
    'm3.lead': (
        ('SHR', 'The first move belongs to the player who sits to the left of the handler.'),
    ),
    'm3.marriage.lead': (
        ('SHR',
         'A player who has a marjage (king and queen of the same suit) can announce this and get '
         'extra points … a king and a lady of the same suit (marjage) - 20 points, 40 points.'),
    ),
    'm3.marriage.led': (
        ('SHR', 'can announce this and get extra points, and then go with the king or the lady'),
    ),
    'm3.marriage.none': (
        ('SHR',
         'and then go with the king or the lady, provided that there are cards in the deck. … Since '
         'the game goes without a deck'),
    ),
    'm3.marriage.pair': (
        ('SHR', 'A player who has a marjage (king and queen of the same suit) can announce this'),
    ),
    'm3.overtrump': (
        ('SHR', 'and in the absence of a card in the suit stroke, you need to interrupt the trump.'),
    ),
    'm3.score': (
        ('SHR',
         "If the winner's contender took more than 33 points in his bribes and marjages, then the "
         'winner for the game is awarded one point, if less, then 2 points, if not a single point, '
         'then 3 points. … then one point is given to the pair that took the last bribe.'),
    ),
    'm3.trump': (
        ('SHR', 'and in the absence of a card in the suit stroke, you need to interrupt the trump.'),
    ),
    'm3.trump-card': (
        ('SHR', 'The last card of the dealer is opened, shown to everyone, this card is a trump card.'),
    ),
    'm3.win': (
        ('SHR',
         'If any of the players score 66 points or more, then he becomes the winner in this game and '
         'the game ends.'),
    ),
    'm4.66': (
        ('SHR',
         'If any pair scored 66 points, then the draw is stopped, and the scoring of the opponents '
         'begins. If they do not have any bribes, then the winning pair opens 3 points at their '
         'eight, if the opponents have less than 33 points, then the winning pair opens one point.'),
    ),
    'm4.aside': (
        ('SHR',
         'After that, he applies the sixth card, and all the cards also include all the players, with '
         'the exception of the playing partner, who throws all the cards and does not participate in '
         'the game.'),
    ),
    'm4.claim': (
        ('SHR',
         'If a player in the game sees that he has 66 points scored and scored, he can declare a '
         'marjage, say 20 (40) without making a move, with one of the cards of the marjazh, thus '
         'depriving opponents of the opportunity to take this bribe . In the event that the player is '
         'wrong and he does not have 66 points, opponents are given one point.'),
    ),
    'm4.contract': (
        ('SHR',
         'After drawing the game for 3 nines, or there is an ordinary rally, or a partner or rivals '
         'can announce other games. … If the first pair of games is younger, say, "five", and the '
         'second pair is older - "six", then the game declares the second pair.'),
    ),
    'm4.contract.beatable': (
        ('SHR',
         'A mandatory condition for declaring a game "for five" is the presence of one player playing '
         'a card, which rivals can take. … When announcing this game, it is mandatory to have a card '
         'that competitors can take.'),
    ),
    'm4.contract.play': (
        ('SHR',
         'The player who declared the game is the first to go. On the laid out map the other players '
         'need to put a card of the same suit. The trumps in this game lose their significance. The '
         'task of rivals is taking at least one bribe.'),
    ),
    'm4.cut': (
        ('SHR', 'Before handing out the cards, the handler gives any of the opponents to take down the deck'),
    ),
    'm4.deal': (
        ('SHR',
         'If removed not under the nine, then the sender gives 3 cards. … Further, 3 cards are dealt, '
         'as a result of which each player has 6 cards on his hands.'),
    ),
    'm4.dealer': (
        ('SHR', 'in the following games players give cards in turn.'),
    ),
    'm4.eight': (
        ('SHR',
         'If the game was played, and open on the eight is less points, then the remaining points go '
         'to the next game. … In the event that opponents do not take a bribe, then the player "puts '
         'on" rivals "coat" - puts on top of their eight another card, which is called a fur coat. … '
         'only in case of a win on the rivals put on a "suit": the eight is put on a fur coat, and '
         'under the eight is a lining.'),
    ),
    'm4.follow': (
        ('SHR', 'on the laid out card all other players must put a card of the same suit'),
    ),
    'm4.last-trick': (
        ('SHR',
         'If no one has accumulated 66 points for the entire con, then one point is given to the pair '
         'that took the last bribe.'),
    ),
    'm4.marriage': (
        ('SHR',
         'A player who has a marjage (king and queen of the same suit) can announce this and get '
         'extra points, and then go with the king or the lady … All other rules of the drawing are '
         'the same as when playing together.'),
    ),
    'm4.nine-cut': (
        ('SHR',
         'then looks at the bottom card and, if this card is nine, then shows everyone, then lets '
         'them take down the lower card again and again. If this card is again a nine, then the '
         'sender gives the rivals a third time. If the bottom card is again a nine, then the '
         'surrendered pair opens one point at their eight and then the next player in the circle '
         'becomes the passer-in, also giving opponents the ability to remove the deck.'),
    ),
    'm4.nines': (
        ('SHR',
         'If any of the players have 3 nines on their hands, then the player declares a game on them. '
         '… The player puts on the table 3 nines in clear form. … Sometimes they play with a rule '
         'that allows a player who has two nines to ask his partner about the third ninth.'),
    ),
    'm4.nines.leave': (
        ('SHR',
         'After that, the player takes two nines back leaving one on the table. Opponents look at the '
         'named cards of their piles. If one of them has a card that matches the suit with the left '
         'nine, then he shows this card, and this pair opens 3 points at its eight; If the suit does '
         'not match, 3 points are opened by the player who declared the game.'),
    ),
    'm4.nines.place': (
        ('SHR',
         'Each opponent must choose any of his cards, which matches the suit with one of the nines on '
         'the table, and must put it in the pile of his six cards top or bottom, while declaring '
         '"top" or "bottom".'),
    ),
    'm4.redeal.nines': (
        ('SHR',
         'If any of the players have 4 nines on their hands; … So, having on his hands 4 nines, the '
         'player can not announce retake, but declare the game for 3 nines.'),
    ),
    'm4.redeal.points': (
        ('SHR',
         'any player may request a reassignment of cards in the following cases:\n\nIf any player has '
         'less than 13 points;'),
    ),
    'm4.redeal.trumps': (
        ('SHR',
         'If any pair of players do not have a trump card or one trump card for two, or a nine and a '
         'jack on different hands. … A player who does not have a trump card or has one trump card '
         'can ask his partner about the existence of trump cards. If the partner does not have them, '
         'then a couple of players may require a retake.'),
    ),
    'm4.trump': (
        ('SHR',
         'After reviewing the received cards, the player who sits to the left of the handler assigns '
         'a trump card. The player has the right to refuse the appointment of a trump card, in this '
         'case the trump card is determined by the opening of the last card of this player.'),
    ),
    'm4.trump-duty': (
        ('SHR', 'in the absence of such a card it is necessary to put a trump card.'),
    ),
}

#: ``NO_PASSAGE[rule_id]``: why a rule that cites a seed quotes nothing from it.
NO_PASSAGE: dict[str, str] = {
    '66.marriage.led': 'the Santase seed says a marriage may be declared, not which card is then led (P66 says it)',
}
