"""Catalogue cases for students;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module."""

from op_catalogue import REAL, Case, Domain, fixed  # noqa: F401

import minigrad as torch  # noqa: F401
import minigrad.nn.functional as F  # noqa: F401

STUDENTS_CATALOGUE = []
