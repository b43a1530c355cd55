"""JSON Schemas, shipped inside the installed package as munchkin_dsl.schemas."""
