"""The pack language grammar, shipped inside the installed package as munchkin_dsl.grammar."""
