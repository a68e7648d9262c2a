"""The rules the reference model implements, as declared with ``@implements``."""

from mtgrules.spec.trace import Citation, implementations


def citations() -> list[Citation]:
    return implementations("mtgrules.model")
