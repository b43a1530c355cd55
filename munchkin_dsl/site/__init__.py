"""The pack book: a static website of a pack's cards, for authors to publish (`munchkin site`).

Above scenarios and render (it shows rendered faces and scenario results), below the
commands.  :mod:`.model` gathers what a page shows, :mod:`.balance` reads a simulation
report folder, :mod:`.build` renders the Jinja templates under ``templates/``.
"""
