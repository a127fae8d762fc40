# Reads the first line, then waits for a reply to a question it never asked: both sides wait.
input()
input()
