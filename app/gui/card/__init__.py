"""The card views: detail pane, editions, Back/Forward history, gallery and large view."""
