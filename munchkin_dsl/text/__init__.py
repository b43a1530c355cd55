"""Stage 3, card text: a card's rules in words (en, ru, pl) from its compiled effects, through
the Jinja templates in ``templates/``, and the typography printed faces apply to it.
"""
