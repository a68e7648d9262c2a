"""The fuzz campaign's modules are imported by name (campaign, formats) from this folder."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
