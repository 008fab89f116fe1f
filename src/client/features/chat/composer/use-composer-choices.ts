import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUser } from '#client/lib/api/get-user.ts';
import { conversationQueryOptions } from '#client/features/chat/api/get-conversation.ts';
import { modelsQueryOptions } from '#client/lib/api/get-models.ts';
import { personaName, personasQueryOptions } from '#client/lib/api/get-personas.ts';
import { settingsQueryOptions } from '#client/lib/api/get-settings.ts';
import { currentLanguage } from '#client/lib/i18n.ts';
import { DEFAULT_MODEL_ID, OFFLINE_MODEL_ID } from '#shared/models/model-ids.ts';

export interface Choice<Id> {
  id: Id;
  name: string;
}

/** What goes with a chat request: only what the user picked here; the server knows the rest. */
export interface ChoiceExtras {
  model?: string;
  personaId?: number;
}

const firstIn = <Id>(list: Choice<Id>[], ...ids: (Id | null | undefined)[]) =>
  ids.find((id) => id != null && list.some((item) => item.id === id)) ?? list[0]?.id;

/**
 * The model and persona of the next message (spec 01-core §4 "Active persona", §6). Offered are
 * only the models the plan covers and the server can run, and the personas GET /api/personas
 * lists (the free plan: Persona42 only). Shown until the user picks: for models the settings'
 * model, else GPT-4o; for personas the conversation's, else the default from settings, else the
 * one flagged default — the order the server applies, so what is shown is what answers.
 * `?persona=<id>` preselects a persona for a new chat (the personas screen links so).
 */
export function useComposerChoices(conversationId: string | undefined) {
  const { user } = useUser();
  const userId = user?.id ?? null;
  const [params] = useSearchParams();
  const models = useQuery(modelsQueryOptions(user));
  const personas = useQuery(personasQueryOptions(userId));
  const settings = useQuery(settingsQueryOptions(userId));
  const conversation = useQuery(conversationQueryOptions(conversationId));

  const [pickedModel, setPickedModel] = useState<string | undefined>();
  const [pickedPersona, setPickedPersona] = useState<number | undefined>(() => {
    const requested = Number(params.get('persona'));
    return Number.isInteger(requested) && requested > 0 ? requested : undefined;
  });

  // A persona belongs to its conversation: opening another one (or a new chat) forgets the pick.
  // A new chat that just got its address keeps it (the server stored it with the conversation).
  const previous = useRef(conversationId);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== conversationId) {
      setPickedPersona(undefined);
    }
    previous.current = conversationId;
  }, [conversationId]);

  const catalogue = models.data ?? [];
  const offline = catalogue.some((model) => model.id === OFFLINE_MODEL_ID);
  const modelList: Choice<string>[] = catalogue
    .filter((model) => model.allowed && model.available && model.id !== OFFLINE_MODEL_ID)
    .map(({ id, name }) => ({ id, name }));
  const language = currentLanguage();
  const personaList: Choice<number>[] = (personas.data ?? []).map((persona) => ({
    id: persona.id,
    name: personaName(persona, language),
  }));
  const flagged = personas.data?.find((persona) => persona.isDefault)?.id;

  const modelId = firstIn(modelList, pickedModel, settings.data?.aiModel, DEFAULT_MODEL_ID);
  const personaId = firstIn(
    personaList,
    pickedPersona,
    conversation.data?.personaId,
    settings.data?.defaultPersona,
    flagged,
  );

  const extras: ChoiceExtras = {};
  if (!offline && pickedModel !== undefined && pickedModel === modelId) extras.model = modelId;
  if (pickedPersona !== undefined && pickedPersona === personaId) extras.personaId = personaId;

  return {
    /** No AI provider: the offline assistant answers whatever is picked. */
    offline,
    offlineName: catalogue.find((model) => model.id === OFFLINE_MODEL_ID)?.name ?? '',
    models: modelList,
    modelId,
    pickModel: setPickedModel,
    personas: personaList,
    personaId,
    pickPersona: setPickedPersona,
    extras,
  };
}
