package org.rookery.workers.testengines;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;

/**
 * A test-only XBoard/CECP engine that plays random legal moves and misbehaves on cue:
 * {@code crash:N} exits at its N-th search, {@code hang:N} never answers it (it keeps reading), {@code illegal:N}
 * answers an illegal move, {@code claim:N} claims a win it does not have, {@code resign:N} resigns,
 * {@code done0} announces {@code done=0}, waits, then the rest of its features and {@code done=1},
 * {@code nosetboard} has {@code setboard=0} (so positions come in edit mode), {@code san} reads and
 * writes SAN, {@code reuse0} asks for a fresh process each game, {@code proto1} announces no
 * features at all, {@code ponderer} (after {@code hard}) prints a thinking line of its pondering just
 * before each {@code pong} and none for its own searches. Thinking lines carry depth 5, score 37 (its own view), 12 cs, 4321 nodes.
 * A second argument names a file that gets every line it receives (the transcript tests read).
 */
public final class FakeCecpEngine {
    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "random";
        String kind = mode.contains(":") ? mode.substring(0, mode.indexOf(':')) : mode;
        long arg = mode.contains(":") ? Long.parseLong(mode.substring(mode.indexOf(':') + 1)) : 0;
        Path transcript = args.length > 1 ? Path.of(args[1]) : null;
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        SplittableRandom rnd = new SplittableRandom(7);
        Position pos = new Position();
        pos.setFen(Position.START_FEN, false);
        Uci uci = new Uci();
        San san = new San();
        int[] moves = new int[Position.MAX_MOVES];
        boolean force = false, sanMode = kind.equals("san"), chess960 = false;
        char[] edit = null;
        boolean editWhite = true;
        int editSide = Piece.WHITE;
        int searches = 0;
        boolean hard = false;
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (transcript != null) {
                Files.writeString(transcript, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
            if (edit != null) {
                if (line.equals(".")) {
                    pos.setFen(fen(edit, editSide), chess960);
                    edit = null;
                } else if (line.equals("#")) {
                    java.util.Arrays.fill(edit, '.');
                } else if (line.equals("c")) {
                    editWhite = !editWhite;
                } else if (line.length() == 3) {
                    char p = line.charAt(0);
                    int sq = (line.charAt(2) - '1') * 8 + (line.charAt(1) - 'a');
                    edit[sq] = editWhite ? p : Character.toLowerCase(p);
                }
                continue;
            }
            if (line.equals("protover 2")) {
                if (kind.equals("proto1")) continue;
                if (kind.equals("done0")) {
                    out.println("feature done=0");
                    Thread.sleep(2500); // longer than the 2 s a silent engine gets: only done=0 buys this time
                }
                out.println("feature myname=\"Fake CECP " + mode + "\" ping=1 usermove=1 time=1 variants=\"normal,fischerandom\""
                    + " setboard=" + (kind.equals("nosetboard") ? 0 : 1) + " san=" + (sanMode ? 1 : 0)
                    + " reuse=" + (kind.equals("reuse0") ? 0 : 1) + " sigint=0 colors=0 name=1 bogus=1");
                out.println("feature option=\"Hash -spin 16 1 64\"");
                out.println("feature option=\"Style -combo solid /// wild\"");
                out.println("feature done=1");
            } else if (line.startsWith("ping ")) {
                // A ponderer's output on the opponent's time, still arriving when its turn begins.
                if (kind.equals("ponderer") && hard && searches > 0) out.println("9 -99 50 99999 a2a3");
                out.println("pong " + line.substring(5));
            } else if (line.equals("hard") || line.equals("easy")) {
                hard = line.equals("hard");
            } else if (line.equals("new")) {
                pos.setFen(Position.START_FEN, chess960);
                force = false;
            } else if (line.equals("variant fischerandom")) {
                chess960 = true;
            } else if (line.equals("force")) {
                force = true;
            } else if (line.startsWith("setboard ")) {
                pos.setFen(line.substring(9), chess960);
            } else if (line.equals("edit")) {
                edit = board(pos);
                editWhite = true;
                editSide = pos.sideToMove();
            } else if (line.equals("quit")) {
                return;
            } else if (line.equals("go") || isMove(line, pos, uci, san)) {
                if (!line.equals("go")) {
                    String m = line.startsWith("usermove ") ? line.substring(9) : line;
                    pos.makeMove(sanMode ? san.parse(pos, m) : uci.parse(pos, m));
                    if (force) continue;
                }
                force = false;
                searches++;
                if (kind.equals("crash") && searches >= arg) System.exit(3);
                if (kind.equals("hang") && searches >= arg) {
                    // Alive and reading (so the transcript shows what it is sent, "?" included), never answering.
                    while ((line = in.readLine()) != null) {
                        if (transcript != null) {
                            Files.writeString(transcript, line.trim() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                        }
                    }
                    return;
                }
                int n = pos.generateLegal(moves, 0);
                if (n == 0) continue;
                int move = moves[rnd.nextInt(n)];
                if (!kind.equals("ponderer")) out.println("5 37 12 4321 " + Uci.toUci(pos, move));
                if (kind.equals("illegal") && searches >= arg) {
                    out.println("move a1a1");
                    continue;
                }
                if (kind.equals("claim") && searches >= arg) {
                    out.println((pos.sideToMove() == Piece.WHITE ? "1-0" : "0-1") + " {White mates}");
                    continue;
                }
                if (kind.equals("resign") && searches >= arg) {
                    out.println("resign");
                    continue;
                }
                String text = sanMode ? san.toSan(pos, move) : Uci.toUci(pos, move);
                pos.makeMove(move);
                out.println("move " + text);
            }
            // time, otim, level, st, sd, post, result, accepted, rejected, option, computer, name: nothing to do
        }
    }

    private static boolean isMove(String line, Position pos, Uci uci, San san) {
        String m = line.startsWith("usermove ") ? line.substring(9) : line;
        if (m.isEmpty() || m.contains(" ")) return false;
        try {
            uci.parse(pos, m);
            return true;
        } catch (RuntimeException e) {
            try {
                san.parse(pos, m);
                return true;
            } catch (RuntimeException e2) {
                return false;
            }
        }
    }

    private static char[] board(Position pos) {
        char[] b = new char[64];
        String placement = pos.toFen().split(" ")[0];
        int rank = 7, file = 0;
        for (char c : placement.toCharArray()) {
            if (c == '/') {
                rank--;
                file = 0;
            } else if (Character.isDigit(c)) {
                for (int k = 0; k < c - '0'; k++) b[rank * 8 + file++] = '.';
            } else {
                b[rank * 8 + file++] = c;
            }
        }
        return b;
    }

    /** The FEN edit mode describes: castling wherever king and rook stand at home, no en passant. */
    private static String fen(char[] b, int side) {
        StringBuilder sb = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                char c = b[rank * 8 + file];
                if (c == '.') {
                    empty++;
                    continue;
                }
                if (empty > 0) sb.append(empty);
                empty = 0;
                sb.append(c);
            }
            if (empty > 0) sb.append(empty);
            if (rank > 0) sb.append('/');
        }
        String castle = (b[4] == 'K' && b[7] == 'R' ? "K" : "") + (b[4] == 'K' && b[0] == 'R' ? "Q" : "")
            + (b[60] == 'k' && b[63] == 'r' ? "k" : "") + (b[60] == 'k' && b[56] == 'r' ? "q" : "");
        return sb + (side == Piece.WHITE ? " w " : " b ") + (castle.isEmpty() ? "-" : castle) + " - 0 1";
    }
}
