import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useRef, useState } from 'react';
import type { TripItemT } from '../../../common/api';
import { dayDate, type PlanEntry, type TripPlan } from '../../../common/trip-plan';
import { formatNumber, formatWeekdayDate, useLocale } from '../../components/cards';
import { useTranslation } from '../../lib/translation';
import { dayLegs } from './distances';
import {
  findEntry,
  type GroupIndex,
  groupOf,
  knownName,
  moveEntry,
  removeDay,
  removeEntry,
  setNote,
  shiftEntry,
  UNPLANNED,
} from './plan-ops';
import styles from './trip.module.css';
import { openingOn, TripItemView } from './trip-item';

/** The days' colours on the list and the map, in turn; the unplanned items are grey. */
const dayColours = ['#1f3160', '#c62828', '#00695c', '#a05a00', '#6a1b9a', '#ad1457', '#1e7e34'];
export const groupColour = (group: GroupIndex) =>
  group === UNPLANNED ? '#5b6275' : (dayColours[group % dayColours.length] as string);

const groupId = (group: GroupIndex) => `group:${group}`;
const groupOfId = (id: UniqueIdentifier): GroupIndex | null =>
  typeof id === 'string' && id.startsWith('group:') ? Number(id.slice(6)) : null;

export interface PlanBoardProps {
  plan: TripPlan;
  items: ReadonlyMap<string, TripItemT>;
  /** The plan can be changed: drag, buttons, notes. Without it, the plan is shown as it is (a shared link). */
  onChange?: (plan: TripPlan) => void;
}

/** The plan's groups (the unplanned items, when there are any, then the days) and their items. */
export function PlanBoard({ plan, items, onChange }: PlanBoardProps) {
  const { t } = useTranslation('trip');
  // While an item is dragged between groups, where it is now (the plan changes when it is dropped).
  const [draft, setDraft] = useState<TripPlan | null>(null);
  const dropped = useRef('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const shown = draft ?? plan;
  const groups: GroupIndex[] = [
    ...(shown.unplanned.length ? [UNPLANNED] : []),
    ...shown.days.map((_, n) => n),
  ];
  const groupName = (group: GroupIndex) =>
    group === UNPLANNED ? t('unplanned') : t('day', { n: group + 1 });
  const nameOf = (key: UniqueIdentifier) => {
    const at = findEntry(shown, String(key));
    const entry = at && groupOf(shown, at.group)[at.index];
    return (entry && knownName(entry, items.get(entry.key))) ?? t('unnamed', { n: (at?.index ?? 0) + 1 });
  };
  const placeOf = (current: TripPlan, key: UniqueIdentifier) => {
    const at = findEntry(current, String(key));
    return at ? t('dnd.place', { group: groupName(at.group), n: at.index + 1 }) : '';
  };

  const groupsView = (
    <div className={styles.groups}>
      {groups.map((group) => (
        <PlanGroup
          key={group}
          group={group}
          name={groupName(group)}
          entries={groupOf(shown, group)}
          items={items}
          plan={shown}
          groupName={groupName}
          onChange={onChange}
          canRemove={group !== UNPLANNED && shown.days.length > 1}
        />
      ))}
    </div>
  );
  if (!onChange) return groupsView;

  const targetOf = (current: TripPlan, overId: UniqueIdentifier) => {
    const group = groupOfId(overId);
    if (group !== null) return { group, index: groupOf(current, group).length };
    return findEntry(current, String(overId));
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const current = draft ?? plan;
    const from = findEntry(current, String(active.id));
    const to = targetOf(current, over.id);
    if (!from || !to || from.group === to.group) return;
    setDraft(moveEntry(current, String(active.id), to.group, to.index));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = draft ?? plan;
    setDraft(null);
    if (!over) return;
    const to = targetOf(current, over.id);
    const next = to ? moveEntry(current, String(active.id), to.group, to.index) : current;
    // The announcement (made right after this) says where the item is now.
    dropped.current = placeOf(next, active.id);
    if (next !== plan) onChange(next);
  };
  // An item is dropped on another item; a day's list is a target only while it is empty (else
  // the list, as large as its items, would win over them: the keyboard would jump to its end).
  const collisionDetection: CollisionDetection = (args) =>
    closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((c) => {
        const group = groupOfId(c.id);
        return group === null || groupOf(draft ?? plan, group).length === 0;
      }),
    });
  // Where the item would land: the place of the item it is over, or the end of an empty day.
  const spot = (overId: UniqueIdentifier) => {
    const to = targetOf(draft ?? plan, overId);
    return to ? t('dnd.place', { group: groupName(to.group), n: to.index + 1 }) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.start', { name: nameOf(active.id), place: placeOf(plan, active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.over', { name: nameOf(active.id), place: spot(over.id) }) : '',
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.end', { name: nameOf(active.id), place: dropped.current || spot(over.id) }) : '',
    onDragCancel: ({ active }) => t('dnd.cancel', { name: nameOf(active.id) }),
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={() => setDraft(plan)}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDraft(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      {groupsView}
    </DndContext>
  );
}

interface PlanGroupProps {
  group: GroupIndex;
  name: string;
  entries: PlanEntry[];
  items: ReadonlyMap<string, TripItemT>;
  plan: TripPlan;
  groupName: (group: GroupIndex) => string;
  onChange: ((plan: TripPlan) => void) | undefined;
  canRemove: boolean;
}

function PlanGroup({ group, name, entries, items, plan, groupName, onChange, canRemove }: PlanGroupProps) {
  const { t } = useTranslation('trip');
  const locale = useLocale();
  const found = entries.map((e) => items.get(e.key)).filter((i) => i !== undefined);
  const { legs, total } = dayLegs(found);
  const titleId = `trip-group-${group}`;
  const date = group === UNPLANNED ? null : dayDate(plan, group);
  const km = (value: number) => formatNumber(value, locale, 1);
  // the places of a dated day that are closed on it: said in the day's header too
  const closed = date ? found.filter((i) => openingOn(i, date)?.open === false).length : 0;
  const list = entries.map((entry, n) => {
    const item = items.get(entry.key);
    const name = knownName(entry, item) ?? t('unnamed', { n: n + 1 });
    const index = item ? found.indexOf(item) : -1;
    const leg = group !== UNPLANNED && index > 0 ? legs[index - 1] : undefined;
    const view = (handle?: ReactNode) => (
      <TripItemView
        entry={entry}
        item={item}
        n={n + 1}
        colour={groupColour(group)}
        leg={leg === undefined ? null : km(leg)}
        handle={handle}
        controls={
          onChange && (
            <ItemControls
              entry={entry}
              name={name}
              plan={plan}
              group={group}
              index={n}
              count={entries.length}
              groupName={groupName}
              onChange={onChange}
            />
          )
        }
        onNote={onChange && ((note) => onChange(setNote(plan, entry.key, note)))}
        date={date}
      />
    );
    return onChange ? (
      <SortableItem key={entry.key} id={entry.key} name={name}>
        {view}
      </SortableItem>
    ) : (
      <li key={entry.key} className={styles.item} data-trip-item={entry.key}>
        {view()}
      </li>
    );
  });
  return (
    <section className={styles.group} aria-labelledby={titleId} data-trip-group={group}>
      <header className={styles.groupHeader} style={{ borderColor: groupColour(group) }}>
        <h2 id={titleId} className={styles.groupTitle}>
          {name}
          {date && (
            <time className={styles.dayDate} dateTime={date} data-day-date="">
              {formatWeekdayDate(date, locale)}
            </time>
          )}
        </h2>
        <p className={styles.groupSummary}>
          {t('count', { count: entries.length })}
          {group !== UNPLANNED && found.length > 1 && (
            <>
              {' · '}
              <span data-day-distance="">{t('dayDistance', { km: km(total) })}</span>
            </>
          )}
          {closed > 0 && (
            <>
              {' · '}
              <strong className={styles.warningInline} data-day-closed="">
                {t('closedOnDay', { count: closed })}
              </strong>
            </>
          )}
        </p>
        {onChange && canRemove && (
          <button
            type="button"
            className={styles.textButton}
            onClick={() => onChange(removeDay(plan, group))}
          >
            {t('removeDay', { day: name })}
          </button>
        )}
      </header>
      {onChange ? (
        <DroppableList id={groupId(group)} empty={entries.length === 0}>
          <SortableContext items={entries.map((e) => e.key)} strategy={verticalListSortingStrategy}>
            {list}
          </SortableContext>
        </DroppableList>
      ) : (
        <ol className={styles.list}>{list}</ol>
      )}
    </section>
  );
}

function DroppableList({ id, empty, children }: { id: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation('trip');
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <ol ref={setNodeRef} className={isOver ? `${styles.list} ${styles.over}` : styles.list}>
      {children}
      {empty && <li className={styles.emptyDay}>{t('emptyDay')}</li>}
    </ol>
  );
}

function SortableItem({
  id,
  name,
  children,
}: {
  id: string;
  name: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('trip');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className={styles.handle}
      {...attributes}
      {...listeners}
      aria-label={t('drag', { name })}
      data-drag-handle=""
    >
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className="line-icon">
        <path d="M7 4h.01M13 4h.01M7 10h.01M13 10h.01M7 16h.01M13 16h.01" strokeWidth="3" />
      </svg>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? `${styles.item} ${styles.dragging}` : styles.item}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-trip-item={id}
    >
      {children(handle)}
    </li>
  );
}

function ItemControls({
  entry,
  name,
  plan,
  group,
  index,
  count,
  groupName,
  onChange,
}: {
  entry: PlanEntry;
  name: string;
  plan: TripPlan;
  group: GroupIndex;
  index: number;
  count: number;
  groupName: (group: GroupIndex) => string;
  onChange: (plan: TripPlan) => void;
}) {
  const { t } = useTranslation('trip');
  const targets: GroupIndex[] = [UNPLANNED, ...plan.days.map((_, n) => n)];
  const selectId = `trip-day-${entry.key}`;
  // A moved item is rendered anew in its new place: the control used keeps the focus there, so
  // that the keyboard's user goes on from where they were (the other arrow when one is disabled).
  const change = (next: TripPlan, control: string) => {
    onChange(next);
    requestAnimationFrame(() => {
      const item = document.querySelector(`[data-trip-item="${entry.key}"]`);
      const target = item?.querySelector<HTMLElement>(`[data-control="${control}"]:not(:disabled)`);
      (target ?? item?.querySelector<HTMLElement>('[data-control]:not(:disabled)'))?.focus();
    });
  };
  return (
    <div className={styles.controls}>
      <button
        type="button"
        className={styles.smallButton}
        disabled={index === 0}
        aria-label={t('up', { name })}
        data-control="up"
        onClick={() => change(shiftEntry(plan, entry.key, -1), 'up')}
      >
        ↑
      </button>
      <button
        type="button"
        className={styles.smallButton}
        disabled={index === count - 1}
        aria-label={t('down', { name })}
        data-control="down"
        onClick={() => change(shiftEntry(plan, entry.key, 1), 'down')}
      >
        ↓
      </button>
      <label className={styles.dayPick} htmlFor={selectId}>
        <span className="visually-hidden">{t('moveTo', { name })}</span>
        <select
          id={selectId}
          value={group}
          onChange={(event) => change(moveEntry(plan, entry.key, Number(event.target.value)), 'day')}
          data-control="day"
          data-day-select=""
        >
          {targets.map((g) => (
            <option key={g} value={g}>
              {groupName(g)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className={styles.textButton}
        aria-label={t('remove', { name })}
        onClick={() => onChange(removeEntry(plan, entry.key))}
      >
        {t('removeShort')}
      </button>
    </div>
  );
}
