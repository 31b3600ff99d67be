package org.rookery.jobs.ingest;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.rookery.contract.schema.Games;

/**
 * Gives some rows of a {@code games} file other game numbers, copying every other value as it is:
 * what ingestion does when the quick count numbered a unit wrongly. The games were parsed and
 * replayed once; only {@code game_id} and {@code game_number} depend on the numbering, so the file
 * is copied column value by column value (levels included) into a new file of the same writer,
 * with the same row groups, and those two values recomputed in the shifted rows.
 */
final class Renumbering {
    private Renumbering() {
    }

    /** Rows {@code [firstRow, firstRow + rows)}, of {@code sourceFile}, get numbers {@code delta} higher. */
    record Shift(long firstRow, long rows, long delta, String sourceFile) {
    }

    /**
     * Copies {@code from} into {@code out} (a fresh writer of the same schema) with the shifts
     * applied; {@code collection} goes into the recomputed ids. Returns the rows copied.
     */
    static long copy(Configuration conf, Path from, GamesFileWriter out, String collection, List<Shift> shifts)
            throws IOException {
        long row = 0;
        try (ParquetFileReader in = ParquetFileReader.open(HadoopInputFile.fromPath(from, conf))) {
            MessageType schema = in.getFooter().getFileMetaData().getSchema();
            String createdBy = in.getFooter().getFileMetaData().getCreatedBy();
            List<ColumnDescriptor> columns = schema.getColumns();
            int idLeaf = leafOf(columns, Games.GAME_ID);
            int numberLeaf = leafOf(columns, Games.GAME_NUMBER);
            if (numberLeaf < idLeaf) {
                throw new IllegalStateException("game_id must come before game_number in the games schema");
            }
            ColumnWriter[] writers = new ColumnWriter[columns.size()];
            PageReadStore group;
            while ((group = in.readNextRowGroup()) != null) {
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(group,
                        new GroupRecordConverter(schema).getRootConverter(), schema, createdBy);
                ColumnReader[] readers = new ColumnReader[columns.size()];
                long[] left = new long[columns.size()];
                for (int c = 0; c < readers.length; c++) {
                    readers[c] = store.getColumnReader(columns.get(c));
                    left[c] = readers[c].getTotalValueCount();
                    writers[c] = out.leaf(c);
                }
                for (long r = 0; r < group.getRowCount(); r++, row++) {
                    Shift shift = shiftOf(shifts, row);
                    for (int c = 0; c < readers.length; c++) {
                        ColumnReader reader = readers[c];
                        if (shift != null && (c == idLeaf || c == numberLeaf)) {
                            long number = numberOf(readers[numberLeaf]) + shift.delta();
                            if (c == idLeaf) {
                                writers[c].write(GamesFileWriter.utf8(GameRows.importedGameId(collection,
                                        shift.sourceFile(), number)), 0, reader.getCurrentDefinitionLevel());
                            } else {
                                writers[c].write(number, 0, reader.getCurrentDefinitionLevel());
                            }
                            // The old value is never read: skip it, or its decoder stays behind the levels.
                            reader.skip();
                            reader.consume();
                            left[c]--;
                            continue;
                        }
                        // One row's values: the first at repetition level 0, the rest of its list after it.
                        do {
                            copyValue(columns.get(c), reader, writers[c]);
                            left[c]--;
                        } while (left[c] > 0 && reader.getCurrentRepetitionLevel() != 0);
                    }
                    out.endRow();
                }
                out.endRowGroup();
            }
        }
        return row;
    }

    /**
     * The game number of the current row, read from its column without consuming it (game_id comes
     * first in the file, so the number is read ahead for it).
     */
    private static long numberOf(ColumnReader numbers) {
        if (numbers.getCurrentDefinitionLevel() < numbers.getDescriptor().getMaxDefinitionLevel()) {
            throw new IllegalStateException("a games row without game_number cannot be renumbered");
        }
        return numbers.getLong();
    }

    private static Shift shiftOf(List<Shift> shifts, long row) {
        for (Shift s : shifts) {
            if (row >= s.firstRow() && row < s.firstRow() + s.rows()) {
                return s;
            }
        }
        return null;
    }

    private static int leafOf(List<ColumnDescriptor> columns, String name) {
        for (int c = 0; c < columns.size(); c++) {
            if (columns.get(c).getPath().length == 1 && columns.get(c).getPath()[0].equals(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("the games file has no column " + name);
    }

    private static void copyValue(ColumnDescriptor d, ColumnReader in, ColumnWriter out) {
        int r = in.getCurrentRepetitionLevel();
        int dl = in.getCurrentDefinitionLevel();
        if (dl < d.getMaxDefinitionLevel()) {
            out.writeNull(r, dl);
        } else {
            switch (d.getPrimitiveType().getPrimitiveTypeName()) {
                case INT32:
                    out.write(in.getInteger(), r, dl);
                    break;
                case INT64:
                    out.write(in.getLong(), r, dl);
                    break;
                case BOOLEAN:
                    out.write(in.getBoolean(), r, dl);
                    break;
                case FLOAT:
                    out.write(in.getFloat(), r, dl);
                    break;
                case DOUBLE:
                    out.write(in.getDouble(), r, dl);
                    break;
                default:
                    Binary b = in.getBinary();
                    out.write(b, r, dl);
                    break;
            }
        }
        in.consume();
    }
}
