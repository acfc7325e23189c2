"""The home games of the rulebook: Guts (two- and three-card), Herbie and Hearts Poker.

Each game is a table (a session of deals that owns the chips and a ledger) and a deal
state speaking :class:`pokerroom.core.HandState`:

* Guts: :class:`~pokerroom.homegames.guts_table.GutsTable`,
  :class:`~pokerroom.homegames.guts.GutsDeal`, house rules in
  :class:`~pokerroom.homegames.options.GutsOptions`;
* Herbie: :class:`~pokerroom.homegames.herbie_table.HerbieTable`,
  :class:`~pokerroom.homegames.herbie.HerbieDeal`,
  :class:`~pokerroom.homegames.options.HerbieOptions`;
* Hearts Poker: :class:`~pokerroom.homegames.hearts_table.HeartsTable`,
  :class:`~pokerroom.homegames.hearts.HeartsHand`,
  :class:`~pokerroom.homegames.hearts_options.HeartsOptions`.

See docs/home-games.md for the rules each option stands for and the rulings made where
the texts are silent.
"""
