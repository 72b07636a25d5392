"""Developer tools: offscreen screenshots of the window and the detail pane."""
