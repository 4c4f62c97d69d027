"""Gremlins, Inc. (issue 14): the public names are added by the engine."""
