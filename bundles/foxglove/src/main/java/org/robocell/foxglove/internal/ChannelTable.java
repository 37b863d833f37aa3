package org.robocell.foxglove.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The channels the server advertises, by topic, with the ids clients subscribe to. Ids are never reused, so a
 * client's subscription to a channel that went away cannot receive another channel's messages.
 */
final class ChannelTable {

    /** An advertised channel. */
    record Entry(int id, TopicSpec spec) {
    }

    /** What changed: channels to advertise, channel ids to unadvertise. */
    record Diff(List<Entry> added, List<Integer> removed) {

        boolean isEmpty() {
            return added.isEmpty() && removed.isEmpty();
        }
    }

    private final Map<String, Entry> byTopic = new LinkedHashMap<>();
    private int nextId = 1;

    /** Makes the table hold exactly these topics (the first spec of a topic counts). */
    synchronized Diff update(Collection<TopicSpec> specs) {
        Map<String, TopicSpec> wanted = new LinkedHashMap<>();
        for (TopicSpec s : specs) {
            wanted.putIfAbsent(s.topic(), s);
        }
        List<Integer> removed = new ArrayList<>();
        List<Entry> added = new ArrayList<>();
        for (var it = byTopic.entrySet().iterator(); it.hasNext();) {
            Map.Entry<String, Entry> e = it.next();
            TopicSpec now = wanted.get(e.getKey());
            if (now == null || !now.equals(e.getValue().spec())) {
                removed.add(e.getValue().id());
                it.remove();
            }
        }
        for (TopicSpec s : wanted.values()) {
            if (!byTopic.containsKey(s.topic())) {
                Entry e = new Entry(nextId++, s);
                byTopic.put(s.topic(), e);
                added.add(e);
            }
        }
        return new Diff(List.copyOf(added), List.copyOf(removed));
    }

    synchronized List<Entry> entries() {
        return List.copyOf(byTopic.values());
    }

    /** The id of the channel of a topic, or -1. */
    synchronized int id(String topic) {
        Entry e = byTopic.get(topic);
        return e == null ? -1 : e.id();
    }

    synchronized boolean has(int channelId) {
        return byTopic.values().stream().anyMatch(e -> e.id() == channelId);
    }
}
