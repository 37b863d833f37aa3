package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class ChannelTableTest {

    private static final TopicSpec A = new TopicSpec("/a", "s", "{}");
    private static final TopicSpec B = new TopicSpec("/b", "s", "{}");

    @Test
    void newTopicsAreAdvertisedAndGoneOnesUnadvertised() {
        ChannelTable t = new ChannelTable();
        ChannelTable.Diff first = t.update(List.of(A, B));
        assertEquals(2, first.added().size());
        assertTrue(first.removed().isEmpty());
        assertTrue(t.update(List.of(A, B)).isEmpty());
        ChannelTable.Diff second = t.update(List.of(A));
        assertEquals(List.of(t.entries().get(0).id() + 1), second.removed());
        assertEquals(-1, t.id("/b"));
    }

    @Test
    void aTopicThatComesBackGetsANewIdSoAnOldSubscriptionCannotReceiveIt() {
        ChannelTable t = new ChannelTable();
        t.update(List.of(A));
        int before = t.id("/a");
        t.update(List.of());
        t.update(List.of(A));
        assertNotEquals(before, t.id("/a"));
    }

    @Test
    void aChangedSchemaIsUnadvertisedAndAdvertisedAgain() {
        ChannelTable t = new ChannelTable();
        t.update(List.of(A));
        int before = t.id("/a");
        ChannelTable.Diff d = t.update(List.of(new TopicSpec("/a", "s", "{\"type\":\"object\"}")));
        assertEquals(List.of(before), d.removed());
        assertEquals(1, d.added().size());
    }
}
