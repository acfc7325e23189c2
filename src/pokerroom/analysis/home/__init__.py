"""The home games analysed: the chances of each starting hand and how pots grow.

* :mod:`pokerroom.analysis.home.herbie`: each Herbie hand alone against Herbie, exact;
* :mod:`pokerroom.analysis.home.field`: each Herbie hand against Herbie and the field,
  the field playing the Herbie bot's rule (seeded Monte Carlo);
* :mod:`pokerroom.analysis.home.guts`: each Guts hand against N-1 other hands, exact
  or seeded Monte Carlo;
* :mod:`pokerroom.analysis.home.pots`: how the pot grows per deal under each set of
  house rules, in sessions played through the real tables by the bots.

They play with the bots, and the bots' equity comes from :mod:`pokerroom.analysis.odds`,
so this package is a unit of its own in the import layers: it may import the bots and
the rest of :mod:`pokerroom.analysis`, and neither imports it.

>>> from pokerroom.analysis.home.guts import guts_chances
>>> guts_chances(cards=2, players=2).exact
True
"""
