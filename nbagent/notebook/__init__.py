"""The notebook layer: magics, chat widget, tables, charts, tuning."""
