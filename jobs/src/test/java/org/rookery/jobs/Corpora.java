package org.rookery.jobs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnError;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.jobs.synthetic.SyntheticGames;
import org.rookery.jobs.ingest.Compression;

/** Test corpora: synthetic games in every file kind, and the bad inputs ingestion must survive. */
public final class Corpora {
    private Corpora() {
    }

    /** Writes {@code count} synthetic games with {@code seed} to {@code file} (kind by suffix). */
    public static Path synthetic(Path file, long seed, int count) throws IOException {
        SyntheticGames.write(file, seed, count, 2);
        return file;
    }

    /** A game whose 5th move is illegal (the king cannot reach e3 from e1). */
    public static final String ILLEGAL = "[Event \"bad\"]\n[Site \"illegal\"]\n[Result \"1-0\"]\n\n"
            + "1. e4 e5 2. Nf3 Nc6 3. Ke3 Nf6 1-0\n\n";

    /** A game whose brace comment never closes, so it runs into the next game's tags. */
    public static final String UNTERMINATED = "[Event \"bad\"]\n[Site \"unterminated\"]\n[Result \"*\"]\n\n"
            + "1. d4 { this comment is never closed d5 2. c4 *\n\n";

    /** A short good game. */
    public static final String GOOD = "[Event \"good\"]\n[Site \"good\"]\n[Result \"1/2-1/2\"]\n\n"
            + "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n\n";

    /** A game with a single tag line of {@code bytes} bytes. */
    public static String bigTag(int bytes) {
        char[] v = new char[bytes];
        Arrays.fill(v, 'x');
        return "[Event \"" + new String(v) + "\"]\n[Site \"bigtag\"]\n[Result \"*\"]\n\n1. e4 *\n\n";
    }

    /** Writes text to a file in the given kind. */
    public static Path write(Path file, String text) throws IOException {
        Compression kind = Compression.of(file.getFileName().toString());
        try (OutputStream out = kind.encode(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    /** Random bytes, seeded. */
    public static Path garbage(Path file, int bytes, long seed) throws IOException {
        byte[] b = new byte[bytes];
        new Random(seed).nextBytes(b);
        Files.write(file, b);
        return file;
    }

    /** The first {@code fraction} of a file's bytes, as a truncated download would leave it. */
    public static Path truncate(Path file, double fraction) throws IOException {
        byte[] all = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(all, (int) (all.length * fraction)));
        return file;
    }

    /** What a sequential reading of a whole (decompressed) file gives: games and errors. */
    public record Reading(List<Game> games, List<PgnError> errors) {
    }

    /** One game as a sequential reading sees it. */
    public record Game(long number, long line, String site, int plies, boolean replays, String error) {
    }

    /** Reads a file start to end with the core reader, as the reference for ingestion. */
    public static Reading read(Path file) throws IOException {
        Compression kind = Compression.of(file.getFileName().toString());
        List<Game> games = new ArrayList<>();
        List<PgnError> errors = new ArrayList<>();
        GameReplay replay = new GameReplay();
        PgnGame g = new PgnGame();
        try (InputStream in = kind.decode(Files.newInputStream(file));
             PgnReader r = new PgnReader(in, file.getFileName().toString(), e -> {
                 if (!e.isWarning()) {
                     errors.add(e);
                 }
             })) {
            while (r.next(g)) {
                boolean ok = replay.replay(g);
                games.add(new Game(g.gameNumber(), g.firstLine(), g.tag("Site"), g.plyCount(), ok,
                        ok ? null : replay.error()));
            }
        }
        return new Reading(games, errors);
    }

    /** All bytes of a stream. */
    public static byte[] bytes(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toByteArray();
    }
}
