import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import type { EditableSection } from '../../../common/editorial';
import { type Block, type BlockKind, kindOf } from './document';
import { fieldLabel, TranslatedTexts } from './field-texts';
import { PictureInput } from './pictures';

// An information page's blocks (common/content-fields.ts, PageBlocks), edited as the page shows
// them: a heading, a paragraph, a picture with its caption, a list, each in three languages, in
// order. The form holds the blocks as they are stored ({h}, {p}, {img, caption}, {list}).

const kinds: BlockKind[] = ['h', 'p', 'img', 'list'];

const emptyText = () => ({ ru: '', en: '', zh: '' });
const emptyBlock = (kind: BlockKind): Block =>
  kind === 'img'
    ? { img: '', caption: emptyText() }
    : kind === 'list'
      ? { list: [emptyText()] }
      : ({ [kind]: emptyText() } as Block);

/** A list block's items, each a text in three languages. */
function ListItems({ source }: { source: string }) {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: source });
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      {fields.map((item, j) => (
        <Stack key={item.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TranslatedTexts
            source={`${source}.${j}`}
            label={translate('admin.content.blocks.item', { n: j + 1 })}
            long
            rows={1}
            required
          />
          <IconButton
            aria-label={translate('admin.content.blocks.remove_item', { n: j + 1 })}
            disabled={fields.length === 1}
            onClick={() => remove(j)}
            sx={{ mt: 3 }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => append(emptyText())}
        sx={{ alignSelf: 'start' }}
      >
        {translate('admin.content.blocks.add_item')}
      </Button>
    </Stack>
  );
}

/** The blocks of a page: each with its inputs, moved up and down, removed; new ones of each kind added at the end. */
export function BlocksInput({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const { fields, append, remove, move } = useFieldArray({ name: 'document.blocks' });
  const { errors } = useFormState({ name: 'document.blocks' });
  const refusal = (errors.document as Record<string, { message?: string }> | undefined)?.blocks?.message;
  return (
    <Box component="section" aria-labelledby="blocks-title" sx={{ width: '100%', mb: 2 }}>
      <Typography id="blocks-title" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {translate(fieldLabel(section, 'blocks'))}
      </Typography>
      {refusal && (
        <Typography variant="body2" color="error" role="alert" sx={{ mb: 1 }}>
          {translate(refusal, { _: refusal })}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {fields.map((field, i) => {
          const source = `document.blocks.${i}`;
          const kind = kindOf(getValues(source) ?? {});
          const name = translate(`admin.content.blocks.${kind}`);
          return (
            <Paper
              key={field.id}
              variant="outlined"
              sx={{ p: 1.5 }}
              component="section"
              aria-label={`${i + 1}. ${name}`}
            >
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="overline" sx={{ flex: 1 }}>
                  {i + 1}. {name}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={translate('admin.content.blocks.up')}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={translate('admin.content.blocks.down')}
                  disabled={i === fields.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={translate('admin.content.blocks.remove')}
                  onClick={() => remove(i)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              {(kind === 'h' || kind === 'p') && (
                <TranslatedTexts
                  source={`${source}.${kind}`}
                  label={name}
                  long={kind === 'p'}
                  required
                  quiet
                />
              )}
              {kind === 'img' && (
                <>
                  <PictureInput source={`${source}.img`} label={name} />
                  <TranslatedTexts
                    source={`${source}.caption`}
                    label={translate('admin.content.blocks.caption')}
                    long
                    rows={1}
                    required={false}
                  />
                </>
              )}
              {kind === 'list' && <ListItems source={`${source}.list`} />}
            </Paper>
          );
        })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        {kinds.map((kind) => (
          <Button key={kind} startIcon={<AddIcon />} onClick={() => append(emptyBlock(kind))}>
            {translate(`admin.content.blocks.add_${kind}`)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
