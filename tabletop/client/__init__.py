"""The Qt client: the main window, its screens, the controller and the bot runner."""
