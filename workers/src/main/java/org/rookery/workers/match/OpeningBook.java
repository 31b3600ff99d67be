package org.rookery.workers.match;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.rookery.core.board.Epd;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Position;
import org.rookery.core.board.Variant;
import org.rookery.core.notation.Uci;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.pgn.PgnVariant;
import org.rookery.core.pgn.TextEncoding;

/**
 * Opening positions from an EPD or PGN file, as cutechess-cli's {@code -openings} reads them:
 * {@code order=sequential|random}, {@code plies} (PGN lines are cut to that many plies),
 * {@code start} (1-based first opening). A bad line or game is reported and skipped; the rest of
 * the book still counts.
 */
public final class OpeningBook {
    /** The openings by index: a list in memory, or a book read in place ({@link DiskEpdBook}). */
    interface Entries {
        int size();

        Opening get(int index);
    }

    private final Entries openings;
    private final boolean random;
    private final long seed;
    private final int start;
    private final SplittableRandom rnd;
    private int next;

    /** Why a standard gauntlet skips a Chess960 line. */
    static final String CHESS960_SKIPPED = "a Chess960 position, and this gauntlet plays standard chess "
        + "(give -variant fischerandom to play Chess960 books); skipped";

    private final Variant variant;

    private OpeningBook(List<Opening> openings, Variant variant, boolean random, long seed, int start) {
        this(new Entries() {
            @Override
            public int size() { return openings.size(); }

            @Override
            public Opening get(int index) { return openings.get(index); }
        }, variant, random, seed, start);
    }

    private OpeningBook(Entries openings, Variant variant, boolean random, long seed, int start) {
        this.openings = openings;
        this.variant = variant;
        this.random = random;
        this.seed = seed;
        this.start = start;
        this.rnd = new SplittableRandom(seed);
        this.next = Math.max(0, start - 1) % Math.max(1, openings.size());
    }

    /** A book holding only the initial position (no {@code -openings} given). */
    public static OpeningBook startPosition() {
        return new OpeningBook(List.of(new Opening(Position.START_FEN, List.of(), "startpos")), Variant.STANDARD, false, 0, 1);
    }

    /** The variant every opening of this book is played in. */
    public Variant variant() { return variant; }

    /** A standard-chess book: {@link #load(Path, String, Variant, boolean, long, int, int, Consumer)} with STANDARD. */
    public static OpeningBook load(Path file, String format, boolean random, long seed, int start, int plies,
                                   Consumer<String> warnings) throws IOException {
        return load(file, format, Variant.STANDARD, random, seed, start, plies, warnings);
    }

    /**
     * Loads a book. {@code format} is "epd" or "pgn" (null: by file extension). Problems with
     * single entries go to {@code warnings}; an unreadable or empty book is an IOException or an
     * IllegalArgumentException with a one-line reason.
     */
    public static OpeningBook load(Path file, String format, Variant variant, boolean random, long seed, int start, int plies,
                                   Consumer<String> warnings) throws IOException {
        if (!Files.isReadable(file)) throw new IllegalArgumentException("-openings: cannot read " + file);
        String fmt = format != null ? format : file.toString().toLowerCase().contains(".pgn") ? "pgn" : "epd";
        List<Opening> list;
        // The first problem is kept: when nothing is usable, the error names the first bad line.
        String[] first = {null};
        Consumer<String> tracked = w -> {
            if (first[0] == null) first[0] = w;
            warnings.accept(w);
        };
        if (fmt.equals("epd")) list = readEpd(file, variant, tracked);
        else if (fmt.equals("pgn")) list = readPgn(file, variant, plies, tracked);
        else throw new IllegalArgumentException("-openings: unknown format \"" + format + "\" (expected epd or pgn)");
        if (list.isEmpty()) {
            if (first[0] == null) throw new IllegalArgumentException("-openings: " + file + " holds no usable opening (it has no lines)");
            String why = first[0].endsWith("; skipped") ? first[0].substring(0, first[0].length() - 9) : first[0];
            throw new IllegalArgumentException("-openings: " + file + " holds no usable opening; the first bad line is " + why);
        }
        if (start < 1 || start > list.size()) {
            throw new IllegalArgumentException("-openings: start=" + start + " is outside 1.." + list.size());
        }
        return new OpeningBook(list, variant, random, seed, start);
    }

    /**
     * {@code -bookmode disk}: an EPD book read in place, never loaded. One pass checks every line and
     * keeps the file offset of every 64th usable one; each game's opening is read from the file when
     * it is drawn. The same options draw the same openings as the loaded book. A compressed book
     * cannot be read in place and a PGN book is always loaded: both are one-line errors.
     */
    public static OpeningBook onDisk(Path file, String format, Variant variant, boolean random, long seed, int start,
                                     Consumer<String> warnings) throws IOException {
        if (!Files.isReadable(file)) throw new IllegalArgumentException("-openings: cannot read " + file);
        String name = file.toString().toLowerCase(java.util.Locale.ROOT);
        String fmt = format != null ? format : name.contains(".pgn") ? "pgn" : "epd";
        if (!fmt.equals("epd")) throw new IllegalArgumentException("-bookmode disk: reads EPD books in place; " + file + " is PGN, which is loaded (leave -bookmode out)");
        if (name.endsWith(".zip") || name.endsWith(".gz")) {
            throw new IllegalArgumentException("-bookmode disk: " + file + " is compressed and cannot be read in place; unpack it first");
        }
        DiskEpdBook disk = DiskEpdBook.index(file, variant, warnings);
        if (disk.size() == 0) throw new IllegalArgumentException("-openings: " + file + " holds no usable opening");
        if (start < 1 || start > disk.size()) {
            throw new IllegalArgumentException("-openings: start=" + start + " is outside 1.." + disk.size());
        }
        return new OpeningBook(disk, variant, random, seed, start);
    }

    /** How many file offsets the book keeps in memory (0 for a loaded book): a disk book's whole index. */
    public int offsetsKept() {
        return openings instanceof DiskEpdBook d ? d.offsetsKept() : 0;
    }

    private static InputStream open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        // A book saved as UTF-16 (or UTF-32) is decoded, not read as one bad line per byte pair.
        String name = file.toString().toLowerCase(java.util.Locale.ROOT);
        if (name.endsWith(".zip")) {
            // The Stockfish books project ships its books zipped, one book per archive.
            java.util.zip.ZipInputStream zip = new java.util.zip.ZipInputStream(in);
            java.util.zip.ZipEntry entry;
            do {
                entry = zip.getNextEntry();
            } while (entry != null && entry.isDirectory());
            if (entry == null) {
                zip.close();
                throw new IllegalArgumentException("-openings: " + file + " is a zip archive with no file in it");
            }
            return TextEncoding.toUtf8(zip);
        }
        return TextEncoding.toUtf8(name.endsWith(".gz") ? new java.util.zip.GZIPInputStream(in) : in);
    }

    private static List<Opening> readEpd(Path file, Variant variant, Consumer<String> warnings) throws IOException {
        List<Opening> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new java.io.InputStreamReader(open(file), StandardCharsets.UTF_8))) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) continue;
                Opening o = epdOpening(file, n, t, variant, warnings);
                if (o != null) out.add(o);
            }
        }
        return out;
    }

    /** The opening of one EPD line (line number {@code n}), or null with the reason in {@code warnings}. */
    static Opening epdOpening(Path file, int n, String t, Variant variant, Consumer<String> warnings) {
        String[] f = t.split("\\s+");
        if (f.length < 4) {
            warnings.accept(file + ":" + n + ": not an EPD line (fewer than 4 fields); skipped");
            return null;
        }
        try {
            Position pos = variant.position(epdFen(f, t));
            if (pos.isChess960() && !variant.isChess960()) {
                warnings.accept(file + ":" + n + ": " + CHESS960_SKIPPED);
                return null;
            }
            return new Opening(pos.toFen(), List.of(), file.getFileName() + ":" + n, variant);
        } catch (FenException e) {
            warnings.accept(file + ":" + n + ": " + e.getMessage() + "; skipped");
            return null;
        }
    }

    /**
     * The line's position with its own counters, as fastchess and cutechess keep them: FEN's two
     * numbers after the four fields, else the {@code hmvc}/{@code fmvn} operations, else {@code 0 1}.
     */
    static String epdFen(String[] f, String line) {
        String head = f[0] + " " + f[1] + " " + f[2] + " " + f[3];
        if (f.length >= 6 && f[4].matches("\\d+") && f[5].matches("\\d+")) return head + " " + f[4] + " " + f[5];
        try {
            Position p = Epd.parse(line).position();
            return head + " " + p.halfmoveClock() + " " + p.fullmoveNumber();
        } catch (FenException e) {
            return head + " 0 1"; // unreadable operations do not make the position unusable
        }
    }

    private static List<Opening> readPgn(Path file, Variant variant, int plies, Consumer<String> warnings) throws IOException {
        List<Opening> out = new ArrayList<>();
        GameReplay replay = new GameReplay();
        PgnGame game = new PgnGame();
        try (PgnReader reader = new PgnReader(open(file), file.toString(), e -> warnings.accept(e.toString() + "; skipped"))) {
            while (reader.next(game)) {
                if (!replay.replay(game)) {
                    warnings.accept(file + ": game " + game.gameNumber() + ": " + replay.error() + "; skipped");
                    continue;
                }
                Variant tagged = PgnVariant.of(game.tag(PgnVariant.TAG));
                if (tagged == null) {
                    warnings.accept(file + ": game " + game.gameNumber() + ": Variant \"" + game.tag(PgnVariant.TAG)
                        + "\" is neither standard chess nor Chess960; skipped");
                    continue;
                }
                if (replay.position().isChess960() && !variant.isChess960()) {
                    warnings.accept(file + ": game " + game.gameNumber() + ": " + CHESS960_SKIPPED);
                    continue;
                }
                String fen = game.tag("FEN");
                // Moves are re-encoded on a board of the match's variant: king-takes-rook castling in Chess960.
                Position walk = variant.position(fen != null ? fen : Position.START_FEN);
                String startFen = walk.toFen();
                int n = plies > 0 ? Math.min(plies, replay.plies()) : replay.plies();
                List<String> moves = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    moves.add(Uci.toUci(walk, replay.move(i)));
                    walk.makeMove(replay.move(i));
                }
                out.add(new Opening(startFen, moves, file.getFileName() + ": game " + game.gameNumber(), variant));
            }
        }
        return out;
    }

    public int size() { return openings.size(); }

    /** Most entries a fingerprint reads: a multi-million-line book read in place is sampled evenly. */
    private static final int FINGERPRINT_SAMPLE = 4096;

    /**
     * What the book would deal, as text to hash: its size, order, seed, start and variant, and its
     * openings (every one up to 4,096, else an even sample). A tuning run hashes it into its id, so that
     * {@code --resume} with another book, order or start finds no run instead of mixing two books.
     */
    public String fingerprint() {
        StringBuilder sb = new StringBuilder().append(openings.size()).append(random ? " random " : " sequential ")
            .append(random ? Long.toUnsignedString(seed) : "-").append(' ').append(start).append(' ').append(variant.name()).append('\n');
        int n = openings.size();
        int step = Math.max(1, n / FINGERPRINT_SAMPLE);
        for (int i = 0; i < n; i += step) {
            Opening o = openings.get(i);
            sb.append(o.fen()).append(' ').append(String.join(" ", o.moves())).append('\n');
        }
        return sb.toString();
    }

    /** The next opening in book order, or at random (seeded by {@code -srand}). Thread-safe. */
    public synchronized Opening next() {
        if (random) return openings.get(rnd.nextInt(openings.size()));
        Opening o = openings.get(next);
        next = (next + 1) % openings.size();
        return o;
    }
}
