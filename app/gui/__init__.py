"""The PySide6 window of Archivist: the only package that imports Qt (DESIGN.md: Layer rule).

Entry points: :func:`app.gui.shell.app.run_window` (the desktop window) and
:func:`app.gui.devtools.screenshot.take_screenshot` (an offscreen render to PNG). Both take the
:class:`~app.bootstrap.Application` built by the composition root.
"""
