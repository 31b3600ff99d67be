package org.rookery.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rookery.contract.schema.Column;
import org.rookery.contract.schema.DrawRules;
import org.rookery.contract.schema.DrawRulesSummary;
import org.rookery.contract.schema.Duplicates;
import org.rookery.contract.schema.Endgames;
import org.rookery.contract.schema.EndgamesSummary;
import org.rookery.contract.schema.EngineStats;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.Matches;
import org.rookery.contract.schema.OpeningStats;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.contract.schema.Rejected;
import org.rookery.contract.schema.Spsa;
import org.rookery.contract.schema.Tablebase;
import org.rookery.contract.schema.TablebaseSummary;
import org.rookery.contract.schema.TableSchema;

/** docs/schema.md names the columns of each contract table, in order and with their types: it fails when they disagree. */
class SchemaDocTest {
    private static final Pattern NAME = Pattern.compile("`([a-z_0-9]+)`");

    static String doc() throws IOException {
        return Files.readString(Path.of("..", "docs", "schema.md"));
    }

    /** "name type" for each column the doc's table under {@code ## `table`} lists (a row may list several). */
    static List<String> documented(String doc, String table) {
        int at = doc.indexOf("## `" + table + "`");
        if (at < 0) throw new AssertionError("docs/schema.md has no section ## `" + table + "`");
        int end = doc.indexOf("\n## ", at + 1);
        List<String> out = new ArrayList<>();
        for (String line : doc.substring(at, end < 0 ? doc.length() : end).split("\n")) {
            if (!line.startsWith("| `")) continue;
            String[] cells = line.split("\\|");
            Matcher m = NAME.matcher(cells[1]);
            while (m.find()) out.add(m.group(1) + " " + cells[2].trim());
        }
        return out;
    }

    static List<String> contract(TableSchema t) {
        List<String> out = new ArrayList<>();
        for (Column c : t.columns()) out.add(c.name() + " " + c.type().doc());
        return out;
    }

    /** Every contract table docs/schema.md documents; {@code openings} is described in analysis.md. */
    static final List<TableSchema> DOCUMENTED = List.of(Games.SCHEMA, Rejected.SCHEMA, Matches.SCHEMA, DrawRules.SCHEMA,
            DrawRulesSummary.SCHEMA, Endgames.SCHEMA, EndgamesSummary.SCHEMA, Tablebase.SCHEMA, TablebaseSummary.SCHEMA,
            Duplicates.SCHEMA, Spsa.SCHEMA, EngineStats.SCHEMA, OpeningStats.SCHEMA,
            OpeningsBreakdown.SCHEMA);

    @Test
    void everyTableIsDocumentedAsDefined() throws IOException {
        String doc = doc();
        for (TableSchema t : DOCUMENTED) {
            List<String> documented = documented(doc, t.name());
            assertFalse(documented.isEmpty(), t.name());
            assertEquals(contract(t), documented, "docs/schema.md ## `" + t.name() + "` against the contract");
        }
    }

    @Test
    void aColumnMissingFromTheDocsIsCaught() throws IOException {
        String doc = doc().replace("| `tb_dtm` | int | the table's signed DTM |\n", "");
        assertFalse(contract(Endgames.SCHEMA).equals(documented(doc, Endgames.SCHEMA.name())));
    }

    @Test
    void aColumnOnlyInTheDocsIsCaught() throws IOException {
        String doc = doc().replace("| `avg_plies_left` | double |", "| `avg_plies_left`, `median_plies_left` | double |");
        assertFalse(contract(EndgamesSummary.SCHEMA).equals(documented(doc, EndgamesSummary.SCHEMA.name())));
    }

    @Test
    void aRenamedColumnIsCaught() throws IOException {
        String doc = doc().replace("| `ply_count` | int |", "| `plies` | int |");
        List<String> documented = documented(doc, Games.SCHEMA.name());
        assertFalse(contract(Games.SCHEMA).equals(documented));
    }
}
