/** The preview's address flag that turns the viewer's canvas mode on (read only under /preview/); the messages are in canvas-messages.ts. */
export const CANVAS_FLAG = 'sg-edit';
