"""The button, stud and draw games of the poker engine in the catalog."""
