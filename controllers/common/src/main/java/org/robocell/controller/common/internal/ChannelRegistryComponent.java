package org.robocell.controller.common.internal;

import org.osgi.service.component.annotations.Component;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.controller.common.ChannelDirectory;

/** Registers the runtime's one channel registry as an OSGi service. */
@Component(service = ChannelRegistry.class)
public class ChannelRegistryComponent extends ChannelDirectory {
}
