import socket

def attempt(action):
    try:
        action()
        return "OPEN"
    except OSError:
        return "blocked"

results = [
    attempt(lambda: socket.create_connection(("1.1.1.1", 80), timeout=1)),
    attempt(lambda: socket.create_connection(("127.0.0.1", 5673), timeout=1)),
    attempt(lambda: socket.getaddrinfo("example.com", 80)),
    attempt(lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM).bind(("0.0.0.0", 8080)) or socket.create_connection(("127.0.0.1", 8080), timeout=1)),
]
print(" ".join(results))
