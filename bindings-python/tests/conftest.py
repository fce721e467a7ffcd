import os
import sys

# vector_ops.py (shared with the matrix adapter) lives next to the tests.
sys.path.insert(0, os.path.dirname(__file__))
