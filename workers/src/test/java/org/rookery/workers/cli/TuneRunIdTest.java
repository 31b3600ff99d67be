package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.workers.tune.TuneDefinition;

/**
 * A tuning run's id: {@code --resume} finds a run in {@code rookery.spsa} only by the id its command line
 * hashes to, so the id must not depend on {@code --resume}, on running locally or over Kafka, or on
 * anything but what decides the run; and it must not change between releases, or a run started by one
 * could not be resumed by the next (hence the pinned value).
 */
class TuneRunIdTest {
    private static final String BOOK = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
        + "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n";
    private static List<String> RUN;
    private static Path otherBook;
    private static Path anotherLine;

    @BeforeAll
    static void books(@TempDir Path dir) throws Exception {
        Path book = Files.writeString(Files.createDirectories(dir.resolve("a")).resolve("book.epd"), BOOK);
        otherBook = Files.writeString(Files.createDirectories(dir.resolve("b")).resolve("book.epd"), BOOK);
        anotherLine = Files.writeString(dir.resolve("c.epd"), BOOK.replace("3P4/8/PPP1PPPP", "2P5/8/PP1PPPPP"));
        RUN = List.of("-engine", "name=opt", "-each", "tc=10+0.1", "-param", "X,10,0,100,10,0.05",
            "-param", "Y,50,0,100,5,0.002", "-pairs", "400", "-srand", "7", "-concurrency", "2",
            "-openings", "file=" + book, "order=sequential", "--bootstrap", "127.0.0.1:9092");
    }

    private static String id(List<String> argv, boolean resume) throws Exception {
        return new TuneDefinition(TuneCommand.request(TuneCommand.parse(argv), resume)).runId();
    }

    private static List<String> with(String... extra) {
        List<String> a = new ArrayList<>(RUN);
        a.addAll(List.of(extra));
        return a;
    }

    private static List<String> replacing(String option, String value) {
        List<String> a = new ArrayList<>(RUN);
        a.set(a.indexOf(option) + 1, value);
        return a;
    }

    @Test
    void theIdIsPinned() throws Exception {
        assertEquals("m-b607678be56ce6e0", id(RUN, false));
    }

    @Test
    void resumingOrFromAnotherDirectoryTheIdIsTheSame() throws Exception {
        String first = id(RUN, false);
        assertEquals(first, id(with("--resume"), true));
        assertEquals(first, id(RUN, false), "the same command line again");
        List<String> moved = new ArrayList<>(RUN);
        moved.set(moved.indexOf("order=sequential") - 1, "file=" + otherBook);
        assertEquals(first, id(moved, false), "the same book in another place: the id hashes the openings, not the path");
    }

    @Test
    void whatDecidesTheRunChangesTheId() throws Exception {
        String base = id(RUN, false);
        assertNotEquals(base, id(replacing("-pairs", "401"), false), "-pairs");
        assertNotEquals(base, id(replacing("-srand", "8"), false), "-srand");
        assertNotEquals(base, id(replacing("-each", "tc=20+0.2"), false), "-each tc");
        assertNotEquals(base, id(replacing("-param", "X,11,0,100,10,0.05"), false), "a parameter's start");
        List<String> random = new ArrayList<>(RUN);
        random.set(random.indexOf("order=sequential"), "order=random");
        assertNotEquals(base, id(random, false), "the book order");
        List<String> book = new ArrayList<>(RUN);
        book.set(book.indexOf("order=sequential") - 1, "file=" + anotherLine);
        assertNotEquals(base, id(book, false), "a book with one other line: --resume must not mix two books");
    }
}
