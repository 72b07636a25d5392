"""The application shell: start-up, the main window, first run, About."""
