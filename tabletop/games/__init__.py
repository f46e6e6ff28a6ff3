"""The games.  Each subpackage is rules (pure Python) + a Qt table + bots."""
