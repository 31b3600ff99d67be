import java.nio.file.*;
import org.rookery.core.board.Variant;
import org.rookery.workers.match.OpeningBook;
/** -bookmode disk against ram on one EPD book: load time, 10,000 random draws, heap after GC (BENCHMARKS.md). */
public class BookModeMeasure {
    static long used() { Runtime r = Runtime.getRuntime(); for (int i = 0; i < 3; i++) System.gc(); return r.totalMemory() - r.freeMemory(); }
    public static void main(String[] a) throws Exception {
        Path f = Path.of(a[0]);
        for (String mode : new String[] {"disk", "ram", "disk", "ram"}) {
            long before = used(), t0 = System.nanoTime();
            OpeningBook b = mode.equals("disk") ? OpeningBook.onDisk(f, "epd", Variant.CHESS960, true, 7, 1, w -> {})
                : OpeningBook.load(f, "epd", Variant.CHESS960, true, 7, 1, 0, w -> {});
            long t1 = System.nanoTime();
            for (int i = 0; i < 10000; i++) b.next();
            long t2 = System.nanoTime();
            long heap = used() - before;
            System.out.printf("%s: %d openings, load %.1f s, 10000 random draws %.0f ms, heap %.1f MB%n", mode, b.size(), (t1 - t0) / 1e9, (t2 - t1) / 1e6, heap / 1048576.0);
            b = null;
        }
    }
}
