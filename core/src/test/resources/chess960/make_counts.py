#!/usr/bin/env python3
"""Regenerates the Chess960 perft counts in this directory with Stockfish as the oracle (see README.md)."""
import random, subprocess, sys, zipfile

SF = "/usr/games/stockfish"
BOOKS = "/work/shared/data/books/"

class Engine:
    def __init__(self):
        self.p = subprocess.Popen([SF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci"); self.until("uciok")
        self.send("setoption name UCI_Chess960 value true")
        self.send("isready"); self.until("readyok")
    def send(self, s): self.p.stdin.write(s + "\n")
    def until(self, prefix):
        lines = []
        while True:
            l = self.p.stdout.readline()
            if not l: raise SystemExit("stockfish exited")
            l = l.strip(); lines.append(l)
            if l.startswith(prefix): return lines
    def perft(self, fen, moves, depth):
        self.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft %d" % depth)
        lines = self.until("Nodes searched")
        divide = [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")]
        return int(lines[-1].split(":")[1]), divide
    def fen(self, fen, moves):
        self.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        for l in self.until("Checkers"):
            if l.startswith("Fen:"): return l[4:].strip()

def book(name):
    with zipfile.ZipFile(BOOKS + name) as z:
        return [l.strip() for l in z.read(z.namelist()[0]).decode().splitlines() if l.strip()]

def line(e, fen, depths):
    return fen + "".join(" ;D%d %d" % (d, e.perft(fen, [], d)[0]) for d in depths)

def random_play(e, rng, start, plies):
    moves = []
    for _ in range(plies):
        _, legal = e.perft(start, moves, 1)
        if not legal: break
        moves.append(rng.choice(legal))
    return e.fen(start, moves)

def main():
    e = Engine()
    rng = random.Random(960)
    which = sys.argv[1]
    if which == "starts":
        for fen in book("FRC_openings.epd.zip"):
            print(line(e, fen, [1, 2, 3, 4]), flush=True)
    elif which == "random":
        frc = book("FRC_openings.epd.zip")
        dfrc = book("DFRC_openings.epd.zip")
        for i in range(300):
            start = rng.choice(frc if i < 150 else dfrc)
            fen = random_play(e, rng, start, rng.randint(4, 40))
            print(line(e, fen, [1, 2, 3, 4] if i % 30 else [1, 2, 3, 4, 5]), flush=True)
    elif which == "edge":
        for fen in open(sys.argv[2]):
            fen = fen.split("#")[0].strip()
            if fen: print(line(e, fen, [1, 2, 3, 4]), flush=True)

main()
