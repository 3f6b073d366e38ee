"""The games odd_nb plays, one package each."""
