"""The card game's own screens beside its table (``GameDef.screens``): the deck builder
(:mod:`.decks`), with its charts and its list view.  Qt modules, imported only by the client."""
