"""The reference model: an executable engine for the rules in the spec."""
