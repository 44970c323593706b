// A minimal Astro adapter: its only job is to make the server build export
// render(request, locals), which the publisher and the preview call directly.
export default function snapshotRenderer() {
  return {
    name: 'swipegrid-snapshot-renderer',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'swipegrid-snapshot-renderer',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./server-entry.ts', import.meta.url),
          supportedAstroFeatures: { serverOutput: 'stable', staticOutput: 'stable', hybridOutput: 'stable' },
        });
      },
    },
  };
}
