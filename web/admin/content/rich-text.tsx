import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import SubtitlesIcon from '@mui/icons-material/Subtitles';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { contentLanguages, type EditableSection, type EditorialField } from '../../../common/editorial';
import { mediaUrl } from '../../../common/media';
import {
  docFromEditor,
  isRichDoc,
  isSafeHref,
  type RichBlock,
  type RichDoc,
} from '../../../common/rich-text';
import { fieldLabel, languageMarks } from './field-texts';
import { LibraryDialog } from './pictures';

// A rich text's input (decision 052): one editor per language, with a toolbar of labelled buttons
// (headings, bold, italic, lists, quote, link, a picture of the media library). The editor is
// TipTap; what the form keeps, and the save sends, is docFromEditor of its JSON: the nodes and
// marks the schema allows and nothing else.

/**
 * A picture keeps its media library id (`media`) beside the address the editor shows it from, and
 * its caption (shown as the picture's tooltip here); both are edited with its alt text in the toolbar's dialog.
 */
const LibraryImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      media: { default: null, renderHTML: () => ({}) },
      caption: {
        default: null,
        renderHTML: (attrs: { caption?: string | null }) => (attrs.caption ? { title: attrs.caption } : {}),
      },
    };
  },
});

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: { openOnClick: false, autolink: false, isAllowedUri: (url) => isSafeHref(url) },
  }),
  LibraryImage,
];

/** The editor's content of a stored document: a picture shown from its 640 px rendition. */
function toEditor(doc: RichDoc | null | undefined): object {
  if (!doc) return { type: 'doc', content: [{ type: 'paragraph' }] };
  const map = (b: RichBlock): object =>
    b.type === 'image'
      ? {
          type: 'image',
          attrs: {
            src: mediaUrl(b.attrs.src),
            media: b.attrs.src,
            alt: b.attrs.alt ?? '',
            caption: b.attrs.caption ?? null,
          },
        }
      : 'content' in b && b.type !== 'paragraph' && b.type !== 'heading'
        ? { ...b, content: (b.content as RichBlock[]).map((c) => ('content' in c ? map(c) : c)) }
        : b;
  return { ...doc, content: doc.content.map(map) };
}

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        {...(active === undefined ? {} : { 'aria-pressed': active })}
        color={active ? 'primary' : 'default'}
        onClick={onClick}
        // the editor keeps its selection: a click on the toolbar does not take the focus from it
        onMouseDown={(e) => e.preventDefault()}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

function TextButton({
  label,
  short,
  active,
  onClick,
}: {
  label: string;
  short: string;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        // the visible "H2" is the name's start, as a voice user says what they see
        aria-label={`${short}: ${label}`}
        aria-pressed={active}
        variant={active ? 'contained' : 'text'}
        // grey like the icon buttons beside it until pressed (the theme's blue reads as pressed)
        color={active ? 'primary' : 'inherit'}
        onClick={onClick}
        onMouseDown={(e) => e.preventDefault()}
        sx={{ minWidth: 36, px: 0.5, fontWeight: 700, ...(active ? {} : { color: 'action.active' }) }}
      >
        {short}
      </Button>
    </Tooltip>
  );
}

function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const [href, setHref] = useState('');
  useEffect(() => {
    if (open) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
  }, [open, editor]);
  const valid = href.trim() === '' || isSafeHref(href.trim());
  const apply = () => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim() === '') chain.unsetLink().run();
    else chain.setLink({ href: href.trim() }).run();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('admin.content.rich.link_title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={translate('admin.content.rich.link_href')}
          helperText={translate(valid ? 'admin.content.rich.link_help' : 'admin.content.rich.link_invalid')}
          error={!valid}
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && valid) {
              e.preventDefault();
              apply();
            }
          }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button onClick={apply} disabled={!valid} variant="contained">
          {translate('admin.content.rich.link_apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The selected picture's texts: its description for screen readers (`alt`; empty marks it as
 * decoration) and the caption the page shows under it (an information page's captions among them).
 */
function PictureTextDialog({
  editor,
  open,
  onClose,
}: {
  editor: Editor;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  useEffect(() => {
    if (!open) return;
    const attrs = editor.getAttributes('image');
    setAlt((attrs.alt as string | null | undefined) ?? '');
    setCaption((attrs.caption as string | null | undefined) ?? '');
  }, [open, editor]);
  const apply = () => {
    editor
      .chain()
      .focus()
      .updateAttributes('image', { alt: alt.trim(), caption: caption.trim() || null })
      .run();
    onClose();
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('admin.content.rich.picture_title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={translate('admin.content.rich.alt_text')}
          helperText={translate('admin.content.rich.alt_help')}
          value={alt}
          onChange={(e) => setAlt(e.target.value.slice(0, 500))}
          onKeyDown={onEnter}
          sx={{ mt: 1 }}
        />
        <TextField
          fullWidth
          label={translate('admin.content.rich.caption_text')}
          helperText={translate('admin.content.rich.caption_help')}
          value={caption}
          onChange={(e) => setCaption(e.target.value.slice(0, 1000))}
          onKeyDown={onEnter}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button onClick={apply} variant="contained">
          {translate('admin.content.rich.link_apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const translate = useTranslate();
  const [linkOpen, setLinkOpen] = useState(false);
  const [pictureOpen, setPictureOpen] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      image: e.isActive('image'),
    }),
  });
  const t = (key: string) => translate(`admin.content.rich.${key}`);
  const run = () => editor.chain().focus();
  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label={translate('admin.content.rich.toolbar', { field: label })}
      sx={{ flexWrap: 'wrap', gap: 0.25, borderBottom: 1, borderColor: 'divider', p: 0.5 }}
    >
      <TextButton
        label={t('heading2')}
        short="H2"
        active={state.h2}
        onClick={() => run().toggleHeading({ level: 2 }).run()}
      />
      <TextButton
        label={t('heading3')}
        short="H3"
        active={state.h3}
        onClick={() => run().toggleHeading({ level: 3 }).run()}
      />
      <ToolButton label={t('bold')} active={state.bold} onClick={() => run().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('italic')} active={state.italic} onClick={() => run().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t('bullet_list')}
        active={state.bullet}
        onClick={() => run().toggleBulletList().run()}
      >
        <FormatListBulletedIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t('ordered_list')}
        active={state.ordered}
        onClick={() => run().toggleOrderedList().run()}
      >
        <FormatListNumberedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('quote')} active={state.quote} onClick={() => run().toggleBlockquote().run()}>
        <FormatQuoteIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('link')} active={state.link} onClick={() => setLinkOpen(true)}>
        <LinkIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t('image')} onClick={() => setLibraryOpen(true)}>
        <ImageIcon fontSize="small" />
      </ToolButton>
      {/* only while a picture is selected: what it acts on */}
      {state.image && (
        <ToolButton label={t('picture')} onClick={() => setPictureOpen(true)}>
          <SubtitlesIcon fontSize="small" />
        </ToolButton>
      )}
      <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />
      <PictureTextDialog editor={editor} open={pictureOpen} onClose={() => setPictureOpen(false)} />
      <LibraryDialog
        open={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        chosen={[]}
        onAdd={(id) => {
          setLibraryOpen(false);
          run()
            .insertContent({ type: 'image', attrs: { src: mediaUrl(id), media: id, alt: '' } })
            .run();
        }}
      />
    </Stack>
  );
}

/** One language's editor of the rich text at `source` (`document.<field>.<lang>`). */
function LanguageEditor({ source, label, lang }: { source: string; label: string; lang: string }) {
  const { setValue } = useFormContext();
  const { errors } = useFormState({ name: source });
  const value = useWatch({ name: source }) as unknown;
  const translate = useTranslate();
  const labelId = useId();
  // what the editor last put in the form: a value the form gets otherwise (a merge, a reset) is shown
  const sent = useRef<string>('');
  const editor = useEditor({
    extensions,
    immediatelyRender: false,
    content: toEditor(isRichDoc(value) ? value : null),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        lang: lang === 'zh' ? 'zh-Hans' : lang,
        class: 'rich-text-editor',
      },
    },
    onUpdate: ({ editor: e }) => {
      const doc = docFromEditor(e.getJSON());
      sent.current = JSON.stringify(doc);
      setValue(source, doc, { shouldDirty: true });
    },
  });
  useEffect(() => {
    if (!editor || !isRichDoc(value) || JSON.stringify(value) === sent.current) return;
    if (JSON.stringify(docFromEditor(editor.getJSON())) === JSON.stringify(value)) return;
    sent.current = JSON.stringify(value);
    editor.commands.setContent(toEditor(value), { emitUpdate: false });
  }, [editor, value]);
  const error = source
    .split('.')
    .reduce<unknown>((e, k) => (e as Record<string, unknown> | undefined)?.[k], errors) as
    | { message?: string }
    | undefined;
  return (
    <Box sx={{ flex: 1, minWidth: 0, mb: 2 }}>
      <Typography id={labelId} variant="body2" component="p" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error?.message ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': {
            borderColor: 'primary.main',
            outline: '2px solid',
            outlineColor: 'primary.main',
          },
          '& .rich-text-editor': { minHeight: 140, px: 1.5, py: 1, outline: 'none' },
          // the text as the page sets it, in the input's size: no gap above the first block, a
          // heading above the body text but not a page title, a list's items close together
          '& .rich-text-editor > :first-child': { mt: 0 },
          '& .rich-text-editor p': { mt: 0, mb: 1.25 },
          '& .rich-text-editor h2': { fontSize: '1.35rem', lineHeight: 1.3, mt: 2, mb: 1 },
          '& .rich-text-editor h3': { fontSize: '1.15rem', lineHeight: 1.3, mt: 2, mb: 1 },
          '& .rich-text-editor ul, & .rich-text-editor ol': { mt: 0, mb: 1.25, pl: 3 },
          '& .rich-text-editor li > p': { mb: 0.5 },
          '& .rich-text-editor img': { maxWidth: '100%', height: 'auto' },
          '& .rich-text-editor blockquote': { borderLeft: 3, borderColor: 'divider', ml: 0, pl: 1.5 },
        }}
      >
        {editor && <Toolbar editor={editor} label={label} />}
        <EditorContent editor={editor} />
      </Box>
      {error?.message && (
        <Typography variant="caption" color="error">
          {translate(error.message, { _: error.message })}
        </Typography>
      )}
    </Box>
  );
}

/** A rich text in three languages, side by side on a wide screen and one under another on a phone. */
export function RichTextInput({ section, field }: { section: EditableSection; field: EditorialField }) {
  const translate = useTranslate();
  const label = translate(fieldLabel(section, field.name));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }} sx={{ width: '100%' }}>
        {contentLanguages.map((lang) => (
          <LanguageEditor
            key={lang}
            source={`document.${field.name}.${lang}`}
            lang={lang}
            label={translate('admin.content.in_language', { field: label, language: languageMarks[lang] })}
          />
        ))}
      </Stack>
    </Box>
  );
}
