"""The app's style sheet (kept in Python so a frozen app always has it)."""

STYLE = """
QMainWindow, QWidget#startScreen, QWidget#endScreen { background: #f6f4ee; }
QScrollArea#setupScroll, QWidget#setupPane { background: transparent; }
QLabel#screenTitle { font-size: 22pt; font-weight: bold; color: #2f4a2a; padding: 4px 0 10px 0; }
QLabel#heading { font-size: 11pt; font-weight: bold; color: #2f4a2a; padding-top: 6px; }
QLabel#panelTitle { font-size: 11pt; font-weight: bold; color: #2f4a2a; }
QLabel#muted { color: #5b5b55; }
QLabel#error { color: #a12622; font-weight: bold; }
QLabel#ok { color: #2e6b2a; font-weight: bold; }
QGroupBox { font-weight: bold; color: #2f4a2a; border: 1px solid #cfcabb; border-radius: 6px;
            margin-top: 12px; padding: 10px 8px 6px 8px; background: #fbfaf6; }
QGroupBox::title { subcontrol-origin: margin; left: 10px; padding: 0 4px; }
QPushButton { padding: 6px 14px; border: 1px solid #9c9886; border-radius: 5px; background: #fffdf7; }
QPushButton:hover { background: #f0ecdf; }
QPushButton:disabled { color: #a5a296; border-color: #d5d1c4; background: #f3f1ea; }
QPushButton#primary { background: #3c6e35; color: white; font-weight: bold; font-size: 12pt;
                      border: 1px solid #2f5829; padding: 8px 22px; }
QPushButton#primary:hover { background: #477f3f; }
QFrame#sidePanel { background: #efece2; border-left: 1px solid #d2cdbd; }
QListWidget#log { background: #fffdf8; border: 1px solid #d2cdbd; }
QListWidget#log::item { padding: 3px 2px; border-bottom: 1px solid #eee9dc; }
QTableWidget { background: #fffdf8; alternate-background-color: #f5f2e8; gridline-color: #e0dccf;
               border: 1px solid #d2cdbd; }
QHeaderView::section { background: #e6e2d4; padding: 3px 4px; border: none;
                       border-right: 1px solid #d2cdbd; border-bottom: 1px solid #d2cdbd; }
QLabel#banner { font-size: 15pt; font-weight: bold; padding: 8px 12px; color: white; background: #5b6b7a; }
QLabel#banner[kind="you"] { background: #2e7d32; }
QLabel#banner[kind="wait"] { background: #5b6b7a; }
QLabel#banner[kind="curtain"] { background: #6a4c93; }
QLabel#banner[kind="over"] { background: #b8860b; }
QFrame#curtain { background: #2b2540; }
QLabel#curtainTitle { color: white; font-size: 30pt; font-weight: bold; }
QLabel#curtainText { color: #e4def5; font-size: 13pt; }
QPushButton#curtainButton { font-size: 14pt; font-weight: bold; padding: 12px 28px; background: #f3e9ff;
                            color: #2b2540; border: 2px solid #cdb8f0; }
QPushButton#doneButton { font-size: 12pt; font-weight: bold; padding: 8px 20px; background: #ffe9a8;
                         color: #3a2e00; border: 2px solid #d9b443; border-radius: 6px; margin: 4px 120px; }
QStatusBar { background: #e9e5d8; }
"""
