import { useEffect, useReducer, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { CANVAS_FLAG, type CanvasPageMessage, type CanvasPopupsMessage } from '../../../../../../model/canvas.ts';
import { canvasBoxesMessageSchema, type CanvasBox, type CanvasPageRect } from '../../../../../../model/canvas-messages.ts';
import { REFERENCE_VIEWPORT } from '../../../../../../model/constants.ts';
import { pageContentSchema, type PageContent } from '../../../../../../model/page.ts';
import { request } from '../../../api/request.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { useCanvasPopups } from '../canvas-popups.ts';
import { useEditorSite } from '../editor-context.tsx';

/** How often the content is offered to a canvas that has not answered yet (its viewer still loading). */
const HELLO_MS = 250;

/**
 * The page as visitors will see it, drawn by the viewer itself: the draft's preview on the site
 * origin, in canvas mode, at the screen size asked for (the reference viewport unless told), fed
 * the form's unsaved content on every change, and the popup section's unsaved popups once it has
 * been opened; its popups, notification and campaign panels are the viewer's own too. Messages are exchanged with that frame only, at the preview's origin, in the canvas
 * messages' shapes; the owner's scripts stay on the site origin.
 */
export function CanvasFrame({
  pageId,
  position,
  onBoxes,
  size = REFERENCE_VIEWPORT,
}: {
  pageId: string;
  position: string;
  /** Where the viewer drew each placed element (reference pixels) and the page itself (the frame's pixels). */
  onBoxes(boxes: CanvasBox[], page: CanvasPageRect): void;
  size?: { width: number; height: number };
}) {
  const { t } = useI18n();
  const { site, canvasPopups } = useEditorSite();
  const { watch } = useFormContext<PageContent>();
  const content = watch();
  const popups = useCanvasPopups(canvasPopups);
  const frame = useRef<HTMLIFrameElement>(null);
  const answered = useRef(false);
  // A (re)loaded frame has a fresh viewer: offer it the content again until it answers.
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  const [url, setUrl] = useState('');
  useEffect(() => {
    void request('POST /preview/site/:id', { params: { id: site.id } }, { quiet: true })
      .then((body) => setUrl(body.url))
      .catch(() => {});
  }, [site.id]);
  const origin = url ? new URL(url).origin : '';

  useEffect(() => {
    const target = frame.current?.contentWindow;
    // Content half typed (a colour, an empty number) is not sent: the canvas keeps the last whole page.
    const whole = pageContentSchema.safeParse(content);
    if (!target || !origin || !whole.success) return;
    const message: CanvasPageMessage = { type: 'sg-canvas-page', pageId, content: whole.data };
    // The popups go first: a viewer that answers the page has had them too (canvas-mode.ts listens from its start).
    const popupsMessage: CanvasPopupsMessage | null = popups && { type: 'sg-canvas-popups', popups };
    const send = () => {
      if (popupsMessage) target.postMessage(popupsMessage, origin);
      target.postMessage(message, origin);
    };
    send();
    if (answered.current) return;
    const timer = setInterval(send, HELLO_MS);
    return () => clearInterval(timer);
  });

  useEffect(() => {
    if (!origin) return;
    const receive = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const message = canvasBoxesMessageSchema.safeParse(event.data);
      if (!message.success || message.data.pageId !== pageId) return;
      answered.current = true;
      onBoxes(message.data.boxes, message.data.page);
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [origin, pageId, onBoxes]);

  if (!url) return null;
  return (
    <iframe
      ref={frame}
      title={t('canvas')}
      className="stage-canvas"
      tabIndex={-1}
      sandbox="allow-scripts allow-same-origin"
      src={`${url}${site.lang}/${position}?${CANVAS_FLAG}`}
      width={size.width}
      height={size.height}
      onLoad={() => {
        answered.current = false;
        loaded();
      }}
    />
  );
}
