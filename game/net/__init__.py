"""The network side of the game, pygame-free: the protocol (protocol.py) and the client (client.py)
that keeps a connection off the frame loop and talks to the game through queues."""
