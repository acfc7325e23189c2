"""Play at the terminal: the table drawn with rich, a prompt with short forms, the play
loop over any game's session, and a fast bots-only runner."""
