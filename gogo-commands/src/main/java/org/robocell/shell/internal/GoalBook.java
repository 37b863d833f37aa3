package org.robocell.shell.internal;

import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.felix.service.command.CommandSession;
import org.osgi.service.component.annotations.Component;
import org.robocell.api.trajectory.GoalHandle;

/**
 * The trajectory goals sent from the shell, the newest per controller, shared by every session (the console,
 * {@code --script}, each SSH session): {@code trajectory:goals} lists the running ones and {@code trajectory:cancel}
 * cancels a controller's running goal whoever sent it.
 * <p>
 * An immediate component, so that it lives as long as the bundle: Gogo gets a command object per command and SCR
 * disposes of a delayed component once no command uses it, which is how a goal accepted with {@code --no-wait} used
 * to be forgotten before anyone could cancel it.
 */
@Component(service = GoalBook.class, immediate = true)
public final class GoalBook {

    /** The session variable that numbers a shell session for the FROM column. */
    static final String SESSION = "robocell.session";

    /** A goal the shell sent: to which controller, when, from which session. */
    record Entry(String controller, GoalHandle goal, LocalTime sent, long session) {
    }

    private final Map<String, Entry> newest = new ConcurrentHashMap<>();
    private final AtomicLong sessions = new AtomicLong();

    /** Records a goal accepted by {@code controller}; an older goal of the same controller was preempted by it. */
    Entry sent(String controller, GoalHandle goal, CommandSession session) {
        Entry e = new Entry(controller, goal, LocalTime.now().truncatedTo(ChronoUnit.SECONDS), number(session));
        newest.put(controller, e);
        return e;
    }

    /** The number of a shell session, given on its first goal. */
    long number(CommandSession session) {
        if (session == null) {
            return 0;
        }
        synchronized (session) {
            Object n = session.get(SESSION);
            if (n instanceof Long l) {
                return l;
            }
            long fresh = sessions.incrementAndGet();
            session.put(SESSION, fresh);
            return fresh;
        }
    }

    /** The goal of {@code controller} that is still running (accepted or executing), if the shell sent one. */
    Optional<Entry> running(String controller) {
        Entry e = newest.get(controller);
        return e == null || e.goal().status().isFinal() ? Optional.empty() : Optional.of(e);
    }

    /** Every running goal the shell sent, by controller name; finished ones are forgotten. */
    List<Entry> running() {
        newest.values().removeIf(e -> e.goal().status().isFinal());
        return newest.values().stream().filter(e -> !e.goal().status().isFinal())
                .sorted(Comparator.comparing(Entry::controller)).toList();
    }
}
