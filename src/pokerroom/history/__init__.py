"""Hand histories in one package: PHH (the TOML-based poker hand history standard,
``uoftcprg/phh-std``) for every game (:mod:`~pokerroom.history.phh` for the engine's
variants, :mod:`~pokerroom.history.phh_home`, :mod:`~pokerroom.history.phh_hearts` and
:mod:`~pokerroom.history.phh_casino` for the rest), the readable text layout
(:mod:`~pokerroom.history.text`), the narration of each event in words
(:mod:`~pokerroom.history.narration_poker`, :mod:`~pokerroom.history.narration_home`),
the PokerStars layout tracker tools read (:mod:`~pokerroom.history.pokerstars`), and
imports of PokerStars and PokerNow histories (:mod:`~pokerroom.history.importing`,
:mod:`~pokerroom.history.imported_table`, :mod:`~pokerroom.history.text_encoding`)."""
