"""tabletop: a desktop client for the Spheres family of tabletop games."""

__version__ = "0.1.0"
APP_NAME = "tabletop"
