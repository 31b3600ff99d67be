package org.rookery.endgame.probe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;
import org.rookery.endgame.index.TableIndex;

/**
 * Writes a table in the raw format version 1 that builds wrote before compression, for tests of
 * reading old files: the values of a finished table, every slot that is no position marked broken.
 */
public final class Version1 {
    private Version1() {}

    public static void write(Path compressed, Path target) throws IOException {
        ByteBuffer header = ByteBuffer.wrap(Files.readAllBytes(compressed), 0, TableFile.HEADER).slice().order(ByteOrder.LITTLE_ENDIAN);
        try (Table t = TableFile.open(compressed, true)) {
            TableIndex index = t.index();
            long n = index.size();
            ByteBuffer body = ByteBuffer.allocate((int) (4 * n)).order(ByteOrder.LITTLE_ENDIAN);
            long[] bb = new long[12];
            for (long i = 0; i < n; i++) {
                boolean valid = index.valid(i, bb);
                body.putShort((int) (2 * i), valid ? t.dtm(i) : Values.BROKEN);
                body.putShort((int) (2 * (n + i)), valid ? t.dtz(i) : Values.BROKEN);
            }
            CRC32C crc = new CRC32C();
            crc.update(body.array());
            ByteBuffer h = ByteBuffer.allocate(TableFile.HEADER).order(ByteOrder.LITTLE_ENDIAN);
            h.put(header.duplicate().clear()).clear();
            h.putInt(4, TableFile.VERSION_RAW).putInt(24, (int) crc.getValue());
            for (int i = 168; i < TableFile.HEADER; i++) h.put(i, (byte) 0);
            try (FileChannel ch = FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                ch.write(h, 0);
                ch.write(body, TableFile.HEADER);
            }
        }
    }
}
